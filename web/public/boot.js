// Runs before the app bundle so the first paint already has the right colour mode and language.
// An external file because the CSP forbids inline scripts. Keep the storage keys in sync with
// web/lib/theme.tsx and web/lib/i18n.ts.
(() => {
  const root = document.documentElement;
  let mode = "system";
  let language = null;
  try {
    mode = localStorage.getItem("placar.theme") || "system";
    language = localStorage.getItem("placar.language");
  } catch {
    // Storage can be blocked (privacy settings): keep the defaults.
  }
  const dark =
    mode === "dark" || (mode !== "light" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  root.classList.toggle("dark", dark);
  root.style.colorScheme = dark ? "dark" : "light";
  if (language === "pt-BR" || language === "en" || language === "ru") root.lang = language;
})();
