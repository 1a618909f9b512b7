// What a stored template is made of below its options: the base design it starts from, and its logo
// (templates and brand extraction keep the bytes in blob storage under logos/, the row keeps this
// description, and rendering receives the bytes beside it).

/** The four built-in designs every template starts from. */
export const BASE_DESIGNS = ["classic", "modern", "minimal", "bold"] as const;
export type BaseDesign = (typeof BASE_DESIGNS)[number];

/** A logo as stored with a custom template: PNG or JPEG bytes in the blob store. */
export type StoredLogo = { content_type: "image/png" | "image/jpeg"; width: number; height: number; size: number; sha256: string };
