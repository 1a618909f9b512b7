// Opening the bridge's doors for a window, once per page.
import { modelContextOf, startModelContextSync } from "./model-context.ts";
import { startPostMessageBridge } from "./post-message.ts";

let stopBridge: (() => void) | null = null;

/**
 * Opens both doors for this window (once; later calls return the same stop function): the
 * postMessage bridge, and the browser's model context where it has one. Reads the trusted origins
 * from the page's <meta name="webmcp-origins"> as it starts.
 */
export function startBridge(win: Window = window): () => void {
  if (stopBridge) return stopBridge;
  const stops = [startPostMessageBridge(win)];
  const context = modelContextOf(win);
  if (context) stops.push(startModelContextSync(context));
  stopBridge = () => {
    for (const stop of stops) stop();
    stopBridge = null;
  };
  return stopBridge;
}
