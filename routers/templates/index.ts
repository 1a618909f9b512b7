import { router } from "../builders.ts";
import { applyTemplate } from "./apply-template.ts";
import { createTemplate } from "./create-template.ts";
import { deleteTemplate } from "./delete-template.ts";
import { extractBrand } from "./extract-brand.ts";
import { getTemplateSchema } from "./get-template-schema.ts";
import { getTemplate } from "./get-template.ts";
import { listTemplates } from "./list-templates.ts";
import { updateTemplate } from "./update-template.ts";

export const templatesRouter = router({
  list: listTemplates,
  get: getTemplate,
  schema: getTemplateSchema,
  create: createTemplate,
  update: updateTemplate,
  delete: deleteTemplate,
  applyToInvoice: applyTemplate,
  extractBrand,
});
