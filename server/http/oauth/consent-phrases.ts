// The consent page's words in the eight label languages, in one table: `ConsentPhrases` is the key
// set, so a language that misses a phrase fails tsc. The language comes from Accept-Language.
import { acceptedLanguage } from "../requests.ts";
import type { Role } from "../../domain/access.ts";
import type { Scope } from "../../domain/scopes.ts";

export type ConsentPhrases = {
  title: string;
  heading(agent: string): string;
  intro: string;
  agent: string;
  returnsTo: string;
  signedInAs: string;
  reaches: string;
  resourceApi: string;
  resourceMcp: string;
  account: string;
  switchAccount: string;
  roles: Record<Role, string>;
  permissions: string;
  scopes: Record<Scope, string>;
  beyondRole: string;
  approveNote: string;
  allow: string;
  deny: string;
  errorTitle: string;
  unknownClient: string;
  badRedirect: string;
  staleForm: string;
  notMember: string;
};

const en: ConsentPhrases = {
  title: "Allow an agent access",
  heading: (agent) => `Allow ${agent} to act for you?`,
  intro: "The agent acts in the account below with your rights, and only within what you tick.",
  agent: "Agent",
  returnsTo: "Returns to",
  signedInAs: "Signed in as",
  reaches: "Reaches",
  resourceApi: "The whole API (REST, tRPC and MCP)",
  resourceMcp: "The MCP endpoint only",
  account: "Account",
  switchAccount: "Switch account",
  roles: { owner: "owner", admin: "admin", member: "member" },
  permissions: "What it may do",
  scopes: {
    "invoices:read": "Read invoices, their history and payments",
    "invoices:write": "Create and change invoices, record payments and send them",
    "invoices:approve": "Approve invoices in review",
    "entities:read": "Read clients and products",
    "entities:write": "Create and change clients and products",
    "templates:read": "Read templates",
    "templates:write": "Create and change templates",
    "account:admin": "Manage the account: profile, API keys, members and webhooks",
  },
  beyondRole: "not available with your role",
  approveNote: "Approving invoices is never allowed unless you tick it yourself.",
  allow: "Allow",
  deny: "Deny",
  errorTitle: "This request cannot be completed",
  unknownClient: "The agent is not registered with this service. Ask it to connect again.",
  badRedirect: "The agent asked to return to an address it did not register. Nothing was shared.",
  staleForm: "This form has expired or did not come from this page. Go back to the agent and start again.",
  notMember: "You are not a member of that account.",
};

const de: ConsentPhrases = {
  title: "Einem Agenten Zugriff erlauben",
  heading: (agent) => `${agent} erlauben, für Sie zu handeln?`,
  intro: "Der Agent handelt im unten gewählten Konto mit Ihren Rechten und nur in dem Umfang, den Sie ankreuzen.",
  agent: "Agent",
  returnsTo: "Kehrt zurück zu",
  signedInAs: "Angemeldet als",
  reaches: "Reichweite",
  resourceApi: "Die ganze API (REST, tRPC und MCP)",
  resourceMcp: "Nur der MCP-Endpunkt",
  account: "Konto",
  switchAccount: "Konto wechseln",
  roles: { owner: "Inhaber", admin: "Administrator", member: "Mitglied" },
  permissions: "Was er darf",
  scopes: {
    "invoices:read": "Rechnungen, ihren Verlauf und Zahlungen lesen",
    "invoices:write": "Rechnungen anlegen und ändern, Zahlungen erfassen und Rechnungen versenden",
    "invoices:approve": "Rechnungen in Prüfung freigeben",
    "entities:read": "Kunden und Produkte lesen",
    "entities:write": "Kunden und Produkte anlegen und ändern",
    "templates:read": "Vorlagen lesen",
    "templates:write": "Vorlagen anlegen und ändern",
    "account:admin": "Das Konto verwalten: Profil, API-Schlüssel, Mitglieder und Webhooks",
  },
  beyondRole: "mit Ihrer Rolle nicht verfügbar",
  approveNote: "Rechnungen freigeben darf der Agent nur, wenn Sie es selbst ankreuzen.",
  allow: "Erlauben",
  deny: "Ablehnen",
  errorTitle: "Diese Anfrage kann nicht ausgeführt werden",
  unknownClient: "Der Agent ist bei diesem Dienst nicht registriert. Bitten Sie ihn, sich neu zu verbinden.",
  badRedirect: "Der Agent wollte zu einer Adresse zurückkehren, die er nicht registriert hat. Es wurde nichts geteilt.",
  staleForm: "Dieses Formular ist abgelaufen oder stammt nicht von dieser Seite. Gehen Sie zurück zum Agenten und beginnen Sie neu.",
  notMember: "Sie sind kein Mitglied dieses Kontos.",
};

const fr: ConsentPhrases = {
  title: "Autoriser un agent",
  heading: (agent) => `Autoriser ${agent} à agir pour vous ?`,
  intro: "L’agent agit dans le compte ci-dessous avec vos droits, et seulement dans les limites que vous cochez.",
  agent: "Agent",
  returnsTo: "Retour vers",
  signedInAs: "Connecté en tant que",
  reaches: "Portée",
  resourceApi: "Toute l’API (REST, tRPC et MCP)",
  resourceMcp: "Le point d’accès MCP uniquement",
  account: "Compte",
  switchAccount: "Changer de compte",
  roles: { owner: "propriétaire", admin: "administrateur", member: "membre" },
  permissions: "Ce qu’il peut faire",
  scopes: {
    "invoices:read": "Lire les factures, leur historique et leurs paiements",
    "invoices:write": "Créer et modifier des factures, enregistrer des paiements et les envoyer",
    "invoices:approve": "Approuver les factures en revue",
    "entities:read": "Lire les clients et les produits",
    "entities:write": "Créer et modifier des clients et des produits",
    "templates:read": "Lire les modèles",
    "templates:write": "Créer et modifier des modèles",
    "account:admin": "Gérer le compte : profil, clés d’API, membres et webhooks",
  },
  beyondRole: "non disponible avec votre rôle",
  approveNote: "L’approbation des factures n’est jamais accordée sans que vous la cochiez vous-même.",
  allow: "Autoriser",
  deny: "Refuser",
  errorTitle: "Cette demande ne peut pas aboutir",
  unknownClient: "Cet agent n’est pas enregistré auprès de ce service. Demandez-lui de se reconnecter.",
  badRedirect: "L’agent a demandé à revenir vers une adresse qu’il n’a pas enregistrée. Rien n’a été partagé.",
  staleForm: "Ce formulaire a expiré ou ne provient pas de cette page. Retournez à l’agent et recommencez.",
  notMember: "Vous n’êtes pas membre de ce compte.",
};

const es: ConsentPhrases = {
  title: "Permitir el acceso a un agente",
  heading: (agent) => `¿Permitir que ${agent} actúe en su nombre?`,
  intro: "El agente actúa en la cuenta indicada abajo con sus permisos, y solo dentro de lo que usted marque.",
  agent: "Agente",
  returnsTo: "Vuelve a",
  signedInAs: "Sesión iniciada como",
  reaches: "Alcance",
  resourceApi: "Toda la API (REST, tRPC y MCP)",
  resourceMcp: "Solo el punto de acceso MCP",
  account: "Cuenta",
  switchAccount: "Cambiar de cuenta",
  roles: { owner: "propietario", admin: "administrador", member: "miembro" },
  permissions: "Qué puede hacer",
  scopes: {
    "invoices:read": "Leer facturas, su historial y sus pagos",
    "invoices:write": "Crear y modificar facturas, registrar pagos y enviarlas",
    "invoices:approve": "Aprobar facturas en revisión",
    "entities:read": "Leer clientes y productos",
    "entities:write": "Crear y modificar clientes y productos",
    "templates:read": "Leer plantillas",
    "templates:write": "Crear y modificar plantillas",
    "account:admin": "Administrar la cuenta: perfil, claves de API, miembros y webhooks",
  },
  beyondRole: "no disponible con su rol",
  approveNote: "Aprobar facturas nunca se permite a menos que usted lo marque.",
  allow: "Permitir",
  deny: "Denegar",
  errorTitle: "No se puede completar esta solicitud",
  unknownClient: "El agente no está registrado en este servicio. Pídale que vuelva a conectarse.",
  badRedirect: "El agente pidió volver a una dirección que no registró. No se ha compartido nada.",
  staleForm: "Este formulario ha caducado o no procede de esta página. Vuelva al agente y empiece de nuevo.",
  notMember: "No es miembro de esa cuenta.",
};

const it: ConsentPhrases = {
  title: "Consentire l’accesso a un agente",
  heading: (agent) => `Consentire a ${agent} di agire per te?`,
  intro: "L’agente agisce nell’account indicato sotto con i tuoi permessi, e solo entro ciò che spunti.",
  agent: "Agente",
  returnsTo: "Ritorna a",
  signedInAs: "Accesso effettuato come",
  reaches: "Ambito",
  resourceApi: "L’intera API (REST, tRPC e MCP)",
  resourceMcp: "Solo l’endpoint MCP",
  account: "Account",
  switchAccount: "Cambia account",
  roles: { owner: "proprietario", admin: "amministratore", member: "membro" },
  permissions: "Che cosa può fare",
  scopes: {
    "invoices:read": "Leggere le fatture, la loro cronologia e i pagamenti",
    "invoices:write": "Creare e modificare fatture, registrare pagamenti e inviarle",
    "invoices:approve": "Approvare le fatture in revisione",
    "entities:read": "Leggere clienti e prodotti",
    "entities:write": "Creare e modificare clienti e prodotti",
    "templates:read": "Leggere i modelli",
    "templates:write": "Creare e modificare modelli",
    "account:admin": "Gestire l’account: profilo, chiavi API, membri e webhook",
  },
  beyondRole: "non disponibile con il tuo ruolo",
  approveNote: "L’approvazione delle fatture non è mai concessa se non la spunti tu.",
  allow: "Consenti",
  deny: "Rifiuta",
  errorTitle: "Impossibile completare questa richiesta",
  unknownClient: "L’agente non è registrato presso questo servizio. Chiedigli di ricollegarsi.",
  badRedirect: "L’agente ha chiesto di tornare a un indirizzo che non ha registrato. Non è stato condiviso nulla.",
  staleForm: "Questo modulo è scaduto o non proviene da questa pagina. Torna all’agente e ricomincia.",
  notMember: "Non sei membro di quell’account.",
};

const nl: ConsentPhrases = {
  title: "Een agent toegang geven",
  heading: (agent) => `${agent} namens u laten handelen?`,
  intro: "De agent handelt in het account hieronder met uw rechten, en alleen binnen wat u aanvinkt.",
  agent: "Agent",
  returnsTo: "Keert terug naar",
  signedInAs: "Aangemeld als",
  reaches: "Bereik",
  resourceApi: "De hele API (REST, tRPC en MCP)",
  resourceMcp: "Alleen het MCP-eindpunt",
  account: "Account",
  switchAccount: "Ander account",
  roles: { owner: "eigenaar", admin: "beheerder", member: "lid" },
  permissions: "Wat hij mag doen",
  scopes: {
    "invoices:read": "Facturen, hun geschiedenis en betalingen lezen",
    "invoices:write": "Facturen maken en wijzigen, betalingen vastleggen en facturen versturen",
    "invoices:approve": "Facturen in beoordeling goedkeuren",
    "entities:read": "Klanten en producten lezen",
    "entities:write": "Klanten en producten maken en wijzigen",
    "templates:read": "Sjablonen lezen",
    "templates:write": "Sjablonen maken en wijzigen",
    "account:admin": "Het account beheren: profiel, API-sleutels, leden en webhooks",
  },
  beyondRole: "niet beschikbaar met uw rol",
  approveNote: "Facturen goedkeuren is nooit toegestaan, tenzij u het zelf aanvinkt.",
  allow: "Toestaan",
  deny: "Weigeren",
  errorTitle: "Dit verzoek kan niet worden voltooid",
  unknownClient: "De agent is niet geregistreerd bij deze dienst. Vraag hem opnieuw te verbinden.",
  badRedirect: "De agent wilde terugkeren naar een adres dat hij niet heeft geregistreerd. Er is niets gedeeld.",
  staleForm: "Dit formulier is verlopen of kwam niet van deze pagina. Ga terug naar de agent en begin opnieuw.",
  notMember: "U bent geen lid van dat account.",
};

const pt: ConsentPhrases = {
  title: "Permitir o acesso de um agente",
  heading: (agent) => `Permitir que ${agent} aja por si?`,
  intro: "O agente age na conta abaixo com as suas permissões e apenas dentro do que assinalar.",
  agent: "Agente",
  returnsTo: "Regressa a",
  signedInAs: "Sessão iniciada como",
  reaches: "Alcance",
  resourceApi: "Toda a API (REST, tRPC e MCP)",
  resourceMcp: "Apenas o endpoint MCP",
  account: "Conta",
  switchAccount: "Mudar de conta",
  roles: { owner: "proprietário", admin: "administrador", member: "membro" },
  permissions: "O que pode fazer",
  scopes: {
    "invoices:read": "Ler faturas, o seu histórico e pagamentos",
    "invoices:write": "Criar e alterar faturas, registar pagamentos e enviá-las",
    "invoices:approve": "Aprovar faturas em revisão",
    "entities:read": "Ler clientes e produtos",
    "entities:write": "Criar e alterar clientes e produtos",
    "templates:read": "Ler modelos",
    "templates:write": "Criar e alterar modelos",
    "account:admin": "Gerir a conta: perfil, chaves de API, membros e webhooks",
  },
  beyondRole: "indisponível com a sua função",
  approveNote: "A aprovação de faturas nunca é concedida, a menos que a assinale.",
  allow: "Permitir",
  deny: "Recusar",
  errorTitle: "Não é possível concluir este pedido",
  unknownClient: "O agente não está registado neste serviço. Peça-lhe que volte a ligar-se.",
  badRedirect: "O agente pediu para regressar a um endereço que não registou. Nada foi partilhado.",
  staleForm: "Este formulário expirou ou não veio desta página. Volte ao agente e recomece.",
  notMember: "Não é membro dessa conta.",
};

const ja: ConsentPhrases = {
  title: "エージェントへのアクセス許可",
  heading: (agent) => `${agent} があなたの代わりに操作することを許可しますか？`,
  intro: "エージェントは下のアカウントで、あなたの権限の範囲内かつチェックした操作だけを行います。",
  agent: "エージェント",
  returnsTo: "戻り先",
  signedInAs: "ログイン中のユーザー",
  reaches: "対象",
  resourceApi: "API 全体（REST、tRPC、MCP）",
  resourceMcp: "MCP エンドポイントのみ",
  account: "アカウント",
  switchAccount: "アカウントを切り替え",
  roles: { owner: "オーナー", admin: "管理者", member: "メンバー" },
  permissions: "許可する操作",
  scopes: {
    "invoices:read": "請求書とその履歴・入金の閲覧",
    "invoices:write": "請求書の作成・変更、入金の記録、送付",
    "invoices:approve": "レビュー中の請求書の承認",
    "entities:read": "顧客と商品の閲覧",
    "entities:write": "顧客と商品の作成・変更",
    "templates:read": "テンプレートの閲覧",
    "templates:write": "テンプレートの作成・変更",
    "account:admin": "アカウントの管理（プロフィール、API キー、メンバー、Webhook）",
  },
  beyondRole: "あなたのロールでは利用できません",
  approveNote: "請求書の承認は、あなた自身がチェックしない限り許可されません。",
  allow: "許可",
  deny: "拒否",
  errorTitle: "このリクエストは完了できません",
  unknownClient: "このエージェントはこのサービスに登録されていません。もう一度接続するよう依頼してください。",
  badRedirect: "エージェントが登録していないアドレスへの戻りを求めました。何も共有されていません。",
  staleForm: "このフォームは期限切れか、このページから送信されたものではありません。エージェントに戻ってやり直してください。",
  notMember: "そのアカウントのメンバーではありません。",
};

export const CONSENT_PHRASES = { en, de, fr, es, it, nl, pt, ja } as const satisfies Record<string, ConsentPhrases>;
export type ConsentLanguage = keyof typeof CONSENT_PHRASES;

/** The most wanted language of an Accept-Language header (RFC 9110 §12.5.4) that the page speaks; English otherwise. */
export function languageOf(acceptLanguage: string | null): ConsentLanguage {
  return acceptedLanguage(acceptLanguage, Object.keys(CONSENT_PHRASES) as ConsentLanguage[]) ?? "en";
}
