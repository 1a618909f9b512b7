// The EPC payment QR code as inline SVG: qrBoxes' white square and runs of dark modules, at one
// user unit per module, drawn as one rect and one path. Vector, so it prints sharp at any size, and
// inline, so the page needs no image request (the share page's CSP allows none but data:).
import type { Rgb } from "../layout/boxes.ts";
import { qrBoxes, qrModules, QUIET_ZONE } from "../qr/matrix.ts";
import { element, type Html } from "./markup.ts";

export function qrSvg(payload: string, label: string, color: Rgb): Html {
  const modules = qrModules(payload);
  const size = modules.length + 2 * QUIET_ZONE;
  const [light, ...dark] = qrBoxes(modules, { x: 0, y: 0, size, color });
  // Module size is exactly 1, so every coordinate is a whole number.
  const path = dark.map((box) => `M${box.x} ${box.y}h${box.width}v${box.height}h-${box.width}z`).join("");
  return element(
    "svg",
    { class: "qr", role: "img", "aria-label": label, viewBox: `0 0 ${size} ${size}`, xmlns: "http://www.w3.org/2000/svg", "shape-rendering": "crispEdges" },
    element("rect", { width: size, height: size, fill: light?.fill ?? "#ffffff" }),
    element("path", { d: path, fill: color }),
  );
}
