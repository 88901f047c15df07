// A password's length bounds, the same on the server (server/password-policy.ts) and in every form.
export const passwordMinLength = 8;
export const passwordMaxLength = 128;
