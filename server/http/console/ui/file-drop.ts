// Files dropped on an area (the import's, a template's logo): the area knows while something is
// dragged over it, and hands over what is dropped. The file input inside stays the way in for a keyboard.
import { useState } from "preact/hooks";

type DropHandlers = {
  onDragOver(event: DragEvent): void;
  onDragLeave(): void;
  onDrop(event: DragEvent): void;
};

export function useFileDrop(onFiles: (files: File[]) => void): { over: boolean; dropHandlers: DropHandlers } {
  const [over, setOver] = useState(false);
  return {
    over,
    dropHandlers: {
      onDragOver: (event) => {
        event.preventDefault();
        setOver(true);
      },
      onDragLeave: () => setOver(false),
      onDrop: (event) => {
        event.preventDefault();
        setOver(false);
        const dropped = [...(event.dataTransfer?.files ?? [])];
        if (dropped.length > 0) onFiles(dropped);
      },
    },
  };
}
