import { defaultLanguage, isLanguage, type Language } from "../../domain/roles";

// Transactional e-mails in pt-BR, en and ru. Each one has a plain-text and an HTML body built
// from the same strings; everything interpolated into HTML is escaped.

export type RenderedMail = { subject: string; text: string; html: string };

/**
 * The user's own language, else the language the web sent (x-language), else the workspace's
 * default language (settings), else pt-BR.
 */
export function pickMailLanguage(
  userLanguage: unknown,
  requestLanguage?: string | null,
  workspaceLanguage?: Language,
): Language {
  if (isLanguage(userLanguage)) return userLanguage;
  if (isLanguage(requestLanguage)) return requestLanguage;
  return workspaceLanguage ?? defaultLanguage;
}

type Strings = {
  subject: string;
  greeting: (name: string) => string;
  body: string;
  action: string;
  expiry: string;
  ignore: string;
};

const passwordResetStrings: Record<Language, (expiresInMinutes: number) => Strings> = {
  "pt-BR": (minutes) => ({
    subject: "Redefinição de senha do Placar",
    greeting: (name) => `Olá, ${name}!`,
    body: "Recebemos um pedido para redefinir a senha da sua conta no Placar.",
    action: "Redefinir senha",
    expiry: `O link vale por ${minutes} minutos e só pode ser usado uma vez.`,
    ignore: "Se você não fez esse pedido, ignore este e-mail: sua senha continua a mesma.",
  }),
  en: (minutes) => ({
    subject: "Reset your Placar password",
    greeting: (name) => `Hello, ${name}!`,
    body: "We received a request to reset the password of your Placar account.",
    action: "Reset password",
    expiry: `The link is valid for ${minutes} minutes and can be used once.`,
    ignore: "If you did not ask for this, ignore this e-mail: your password stays the same.",
  }),
  ru: (minutes) => ({
    subject: "Сброс пароля в Placar",
    greeting: (name) => `Здравствуйте, ${name}!`,
    body: "Мы получили запрос на сброс пароля вашей учётной записи в Placar.",
    action: "Сбросить пароль",
    expiry: `Ссылка действует ${minutes} минут и может быть использована один раз.`,
    ignore: "Если вы не запрашивали сброс, просто проигнорируйте это письмо: пароль останется прежним.",
  }),
};

const invitationStrings: Record<Language, (expiresInDays: number) => Strings> = {
  "pt-BR": (days) => ({
    subject: "Seu acesso ao Placar",
    greeting: (name) => `Olá, ${name}!`,
    body: "Uma conta foi criada para você no Placar. Defina sua senha para entrar.",
    action: "Definir senha",
    expiry: `O link vale por ${days} dias e só pode ser usado uma vez.`,
    ignore: "Se você não esperava este convite, ignore este e-mail.",
  }),
  en: (days) => ({
    subject: "Your Placar account",
    greeting: (name) => `Hello, ${name}!`,
    body: "An account has been created for you in Placar. Choose your password to sign in.",
    action: "Set password",
    expiry: `The link is valid for ${days} days and can be used once.`,
    ignore: "If you did not expect this invitation, ignore this e-mail.",
  }),
  ru: (days) => ({
    subject: "Ваша учётная запись в Placar",
    greeting: (name) => `Здравствуйте, ${name}!`,
    body: "Для вас создана учётная запись в Placar. Задайте пароль, чтобы войти.",
    action: "Задать пароль",
    expiry: `Ссылка действует ${days} дн. и может быть использована один раз.`,
    ignore: "Если вы не ждали этого приглашения, просто проигнорируйте письмо.",
  }),
};

const signUpAttemptStrings: Record<Language, (expiresInMinutes: number) => Strings> = {
  "pt-BR": (minutes) => ({
    subject: "Tentativa de cadastro com o seu e-mail no Placar",
    greeting: (name) => `Olá, ${name}!`,
    body: "Alguém tentou criar uma conta no Placar com este endereço de e-mail, mas ele já tem uma conta. Se foi você e não lembra a senha, defina uma nova pelo link abaixo.",
    action: "Redefinir senha",
    expiry: `O link vale por ${minutes} minutos e só pode ser usado uma vez.`,
    ignore: "Se não foi você, ignore este e-mail: sua conta e sua senha continuam as mesmas.",
  }),
  en: (minutes) => ({
    subject: "Someone tried to sign up to Placar with your e-mail",
    greeting: (name) => `Hello, ${name}!`,
    body: "Someone tried to create a Placar account with this e-mail address, but it already has an account. If it was you and you do not remember the password, choose a new one with the link below.",
    action: "Reset password",
    expiry: `The link is valid for ${minutes} minutes and can be used once.`,
    ignore: "If it was not you, ignore this e-mail: your account and password stay the same.",
  }),
  ru: (minutes) => ({
    subject: "Попытка регистрации в Placar с вашим e-mail",
    greeting: (name) => `Здравствуйте, ${name}!`,
    body: "Кто-то попытался создать учётную запись в Placar с этим адресом, но для него уже есть учётная запись. Если это были вы и вы не помните пароль, задайте новый по ссылке ниже.",
    action: "Сбросить пароль",
    expiry: `Ссылка действует ${minutes} минут и может быть использована один раз.`,
    ignore: "Если это были не вы, просто проигнорируйте письмо: учётная запись и пароль останутся прежними.",
  }),
};

const welcomeStrings: Record<Language, Strings> = {
  "pt-BR": {
    subject: "Sua conta no Placar está pronta",
    greeting: (name) => `Olá, ${name}!`,
    body: "Sua conta no Placar foi criada com este endereço de e-mail. Entre com a senha que você escolheu.",
    action: "Entrar no Placar",
    expiry: "Se você esquecer a senha, use “Esqueci minha senha” na tela de entrada.",
    ignore: "Se não foi você quem se cadastrou, ignore este e-mail.",
  },
  en: {
    subject: "Your Placar account is ready",
    greeting: (name) => `Hello, ${name}!`,
    body: "Your Placar account was created with this e-mail address. Sign in with the password you chose.",
    action: "Sign in to Placar",
    expiry: "If you forget the password, use “Forgot password” on the sign-in page.",
    ignore: "If you did not sign up, ignore this e-mail.",
  },
  ru: {
    subject: "Ваша учётная запись в Placar готова",
    greeting: (name) => `Здравствуйте, ${name}!`,
    body: "Учётная запись в Placar создана с этим адресом e-mail. Войдите с паролем, который вы выбрали.",
    action: "Войти в Placar",
    expiry: "Если забудете пароль, воспользуйтесь ссылкой «Забыли пароль?» на странице входа.",
    ignore: "Если вы не регистрировались, просто проигнорируйте письмо.",
  },
};

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch,
  );

function renderActionMail(strings: Strings, name: string, url: string, language: Language): RenderedMail {
  const text = [
    strings.greeting(name),
    "",
    strings.body,
    "",
    `${strings.action}: ${url}`,
    "",
    strings.expiry,
    strings.ignore,
    "",
    "Placar",
  ].join("\n");
  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(strings.subject)}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#111;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p>${escapeHtml(strings.greeting(name))}</p>
<p>${escapeHtml(strings.body)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#111;color:#fff;text-decoration:none;padding:10px 18px;border-radius:6px">${escapeHtml(strings.action)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(url)}</p>
<p style="font-size:13px;color:#555">${escapeHtml(strings.expiry)}<br>${escapeHtml(strings.ignore)}</p>
<p>Placar</p>
</body></html>`;
  return { subject: strings.subject, text, html };
}

export function renderPasswordResetMail(input: {
  language: Language;
  name: string;
  url: string;
  expiresInMinutes: number;
}): RenderedMail {
  const strings = passwordResetStrings[input.language](input.expiresInMinutes);
  return renderActionMail(strings, input.name, input.url, input.language);
}

/** Sent to users created by an admin or the CLI: a link to choose their own password. */
export function renderInvitationMail(input: {
  language: Language;
  name: string;
  url: string;
  expiresInDays: number;
}): RenderedMail {
  const strings = invitationStrings[input.language](input.expiresInDays);
  return renderActionMail(strings, input.name, input.url, input.language);
}

/**
 * Sent to the owner of an address someone tried to register again (issue 28): the sign-up answers
 * as for a new address, and only the mailbox learns that the account exists, with a reset link.
 */
export function renderSignUpAttemptMail(input: {
  language: Language;
  name: string;
  url: string;
  expiresInMinutes: number;
}): RenderedMail {
  const strings = signUpAttemptStrings[input.language](input.expiresInMinutes);
  return renderActionMail(strings, input.name, input.url, input.language);
}

/** Sent after a self sign-up created the account: the sign-up page said "check your e-mail". */
export function renderWelcomeMail(input: { language: Language; name: string; url: string }): RenderedMail {
  return renderActionMail(welcomeStrings[input.language], input.name, input.url, input.language);
}
