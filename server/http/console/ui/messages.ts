// The live region's messages: what a finished action says to everyone, screen readers included.
import { useEffect, useState } from "preact/hooks";

export type Message = { text: string; kind: "status" | "error"; id: number };

let current: Message | null = null;
let counter = 0;
const listeners = new Set<(message: Message | null) => void>();

export function announce(text: string, kind: Message["kind"] = "status"): void {
  current = { text, kind, id: ++counter };
  for (const listener of listeners) listener(current);
}

export function useMessage(): Message | null {
  const [message, setMessage] = useState(current);
  useEffect(() => {
    listeners.add(setMessage);
    return () => void listeners.delete(setMessage);
  }, []);
  return message;
}
