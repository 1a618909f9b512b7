// Why a logo was refused: one 422 shape for every check, so the API names the field and a
// machine-readable reason beside the human message.
import { AppError } from "../../server/domain/errors.ts";

export type LogoRefusal =
  | "not_data_url"
  | "unsupported_type"
  | "bad_encoding"
  | "too_large"
  | "type_mismatch"
  | "corrupt_image"
  | "dimensions_too_large"
  | "unsupported_jpeg"
  | "svg_unparsable"
  | "svg_forbidden_markup"
  | "svg_too_complex"
  | "svg_bad_size"
  | "svg_empty";

export function logoRefused(reason: LogoRefusal, message: string): AppError {
  return new AppError("VALIDATION_ERROR", message, { field: "logo", reason });
}
