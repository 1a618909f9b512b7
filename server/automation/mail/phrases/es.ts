// The service's e-mails in Spanish: `MailPhrases` (index.ts) holds it to every key.
import type { MailPhrases } from "./index.ts";

export const es: MailPhrases = {
  ours: { invoice: "nuestra factura", credit_note: "nuestra factura rectificativa", quote: "nuestro presupuesto", purchase_order: "nuestra orden de compra" },
  greeting: (name) => `Buenos días, ${name}:`,
  subject: (title, number, from) => `${title} ${number} de ${from}`,
  sent: ({ ours, number, amount, due }) => `Le enviamos ${ours} ${number} por un importe de ${amount}${due ? `, con vencimiento el ${due}` : ""}.`,
  reminderSubject: (title, number, due, overdue) => (overdue ? `Pago pendiente: ${title} ${number}, vencida el ${due}` : `Recordatorio: ${title} ${number} vence el ${due}`),
  dueSoon: ({ ours, number, amount, due }) => `Le recordamos que ${ours} ${number} por un importe de ${amount} vence el ${due}.`,
  overdue: ({ ours, number, amount, due }) =>
    `Según nuestros registros, ${ours} ${number} por un importe de ${amount} venció el ${due} y sigue pendiente de pago. Si ya la ha pagado, le rogamos que ignore este mensaje.`,
  viewOnline: "Consultar y descargar en línea:",
  closing: "Atentamente,",
};
