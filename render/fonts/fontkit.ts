// fontkit, loaded so that it also works under Deno. Import it from here, never from the package
// directly, wherever the process may run under Deno (pdf-lib's registerFontkit included).
//
// Why: fontkit's Babel output wires up subclasses with `subClass.__proto__ = superClass`, and
// Deno disables that setter (unless run with --unsafe-proto): the assignment creates a plain
// property, static methods are not inherited, and shaping Arabic fails with "this.shaper.plan is
// not a function". proto-accessor.ts installs the standard accessor before fontkit's module
// evaluates (imports evaluate in order) and the runtime's own is restored right after.
import { restoreProtoAccessor } from "./proto-accessor.ts";
import fontkit from "@pdf-lib/fontkit";

restoreProtoAccessor();

export type { Font, Glyph, GlyphRun } from "@pdf-lib/fontkit";
export default fontkit;
