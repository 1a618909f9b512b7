// The invitation e-mail in Spanish: `InvitePhrases` (index.ts) holds it to every key.
import type { InvitePhrases } from "./index.ts";

export const es: InvitePhrases = {
  subject: (account) => `Invitación a ${account}`,
  body: (account, as, until) => `Le invitan a unirse a ${account} como ${as}. Inicie sesión y acepte con el enlace de abajo; solo funciona una vez, hasta el ${until}.`,
  roles: { owner: "propietario", admin: "administrador", member: "miembro" },
  linkLabel: "Aceptar la invitación:",
  ignore: "Si no esperaba esta invitación, ignore este correo: sin el enlace no ocurre nada.",
};
