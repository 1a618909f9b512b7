// The person's say over what an agent asks the page to do: a modal <dialog> naming the action, with
// Confirm and Cancel. The agent's call waits on it; the bridge never answers it by itself. One
// question at a time: calls that arrive meanwhile wait their turn. Focus starts on Cancel, so a
// stray Enter never confirms, and Escape counts as Cancel.

/** The dialog's words: English until the page sets its language's (setConfirmationLabels). */
export type ConfirmationLabels = { heading: string; intro: string; confirm: string; cancel: string };

let labels: ConfirmationLabels = {
  heading: "An agent asks to act for you",
  intro: "An agent using this page asks to do the following. It happens only if you confirm.",
  confirm: "Confirm",
  cancel: "Cancel",
};

export function setConfirmationLabels(next: Partial<ConfirmationLabels>): void {
  labels = { ...labels, ...next };
}

export type ConfirmationRequest = {
  title: string;
  summary: string;
  /** False once the page no longer offers the tool (the person went elsewhere): the question is dropped. */
  stillOffered(): boolean;
};

let queue: Promise<unknown> = Promise.resolve();

/** Resolves true when the person clicks Confirm, false on Cancel, Escape, or when the tool went away first. */
export function askThePerson(request: ConfirmationRequest): Promise<boolean> {
  const answer = queue.then(() => (request.stillOffered() ? showDialog(request) : false));
  queue = answer;
  return answer;
}

function paragraph(text: string, id?: string): HTMLParagraphElement {
  const element = document.createElement("p");
  element.textContent = text;
  if (id) element.id = id;
  return element;
}

function button(text: string, value: string): HTMLButtonElement {
  const element = document.createElement("button");
  element.type = "submit";
  element.value = value;
  element.textContent = text;
  return element;
}

let dialogs = 0;

function showDialog({ title, summary }: ConfirmationRequest): Promise<boolean> {
  const id = `webmcp-confirm-${++dialogs}`;
  const dialog = document.createElement("dialog");
  dialog.className = "webmcp-confirm";
  dialog.setAttribute("aria-labelledby", `${id}-heading`);
  dialog.setAttribute("aria-describedby", `${id}-intro ${id}-summary`);
  // Styled through the CSSOM: both pages' CSPs refuse inline style attributes and unnonced <style>.
  Object.assign(dialog.style, { maxWidth: "min(32rem, calc(100vw - 2rem))", padding: "1.25rem", font: "inherit", lineHeight: "1.5" });
  const heading = document.createElement("h2");
  heading.id = `${id}-heading`;
  heading.textContent = labels.heading;
  Object.assign(heading.style, { margin: "0 0 .5rem", fontSize: "1.25rem" });
  const action = paragraph(`${title}: ${summary}`, `${id}-summary`);
  action.style.fontWeight = "600";
  const form = document.createElement("form");
  form.method = "dialog";
  Object.assign(form.style, { display: "flex", gap: ".75rem", justifyContent: "flex-end", flexWrap: "wrap" });
  const cancel = button(labels.cancel, "cancel");
  const confirm = button(labels.confirm, "confirm");
  confirm.className = "primary";
  for (const control of [cancel, confirm]) Object.assign(control.style, { minHeight: "2.75rem", padding: ".5rem 1rem", font: "inherit" });
  form.append(cancel, confirm);
  dialog.append(heading, paragraph(labels.intro, `${id}-intro`), action, form);
  document.body.append(dialog);

  return new Promise((resolve) => {
    dialog.addEventListener("close", () => {
      resolve(dialog.returnValue === "confirm");
      dialog.remove();
    });
    dialog.showModal();
    cancel.focus();
  });
}
