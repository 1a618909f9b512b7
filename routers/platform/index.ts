import { router } from "../builders.ts";
import { capabilities } from "./capabilities.ts";
import { submitFeedback } from "./submit-feedback.ts";
import { health } from "./health.ts";

export const platformRouter = router({ health, capabilities, feedback: submitFeedback });
