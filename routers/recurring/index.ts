import { router } from "../builders.ts";
import { createRecurring } from "./create-recurring.ts";
import { deleteRecurring } from "./delete-recurring.ts";
import { getRecurring } from "./get-recurring.ts";
import { listRecurring } from "./list-recurring.ts";
import { pauseRecurring } from "./pause-recurring.ts";
import { previewRecurring } from "./preview-recurring.ts";
import { resumeRecurring } from "./resume-recurring.ts";
import { skipRecurring } from "./skip-recurring.ts";
import { updateRecurring } from "./update-recurring.ts";

export const recurringRouter = router({
  list: listRecurring,
  get: getRecurring,
  create: createRecurring,
  update: updateRecurring,
  delete: deleteRecurring,
  pause: pauseRecurring,
  resume: resumeRecurring,
  skip: skipRecurring,
  preview: previewRecurring,
});
