// Makes `object.__proto__ = value` set the prototype again where the runtime disabled it (Deno:
// its accessor leaves the prototype alone), for the time fontkit's module takes to evaluate; see
// fontkit.ts. A no-op under Bun and Node, where the assignment works.
const original = Object.getOwnPropertyDescriptor(Object.prototype, "__proto__");
const probe: { __proto__?: unknown } = {};
const marker = {};
probe.__proto__ = marker;
const disabled = Object.getPrototypeOf(probe) !== marker;

if (disabled) {
  Object.defineProperty(Object.prototype, "__proto__", {
    configurable: true,
    get(this: object): unknown {
      return Object.getPrototypeOf(this);
    },
    set(this: object, value: unknown): void {
      if (typeof value === "object" || typeof value === "function") Object.setPrototypeOf(this, value);
    },
  });
}

/** Puts the runtime's own accessor back if this module replaced it. */
export function restoreProtoAccessor(): void {
  if (!disabled) return;
  if (original) Object.defineProperty(Object.prototype, "__proto__", original);
  else delete (Object.prototype as { __proto__?: unknown }).__proto__;
}
