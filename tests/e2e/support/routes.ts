// The route table of spec section 2 with each page's pt-BR title (its h1).

export const buyerRoutes = [
  { path: "/", title: "Dashboard" },
  { path: "/add-data", title: "Adicionar dados" },
  { path: "/request-creative", title: "Solicitar criativo" },
  { path: "/campanhas", title: "Campanhas" },
  { path: "/user/notes", title: "Notas" },
  { path: "/user/analytics", title: "Análises" },
  { path: "/reports", title: "Relatórios" },
  { path: "/user/payments", title: "Meus pagamentos" },
  { path: "/import", title: "Importar resultados" },
  { path: "/tokens", title: "Tokens de API" },
  { path: "/account", title: "Minha conta" },
];

export const adminRoutes = [
  { path: "/admin/dashboard", title: "Dashboard" },
  { path: "/admin/users", title: "Usuários" },
  { path: "/admin/offers", title: "Ofertas" },
  { path: "/admin/creative-requests", title: "Solicitações de Criativos" },
  { path: "/admin/analytics", title: "Análises" },
  { path: "/admin/settings", title: "Configurações" },
  { path: "/admin/audit", title: "Auditoria" },
  // The payments screen (sidebar entry "Financeiro").
  { path: "/admin/financial", title: "Pagamentos" },
  { path: "/reconciliation", title: "Conciliação" },
];

/** Routes every role reaches (issue 25: the pivot report), listed in each role's own list too. */
export const everyRoleRoutes = ["/reports"];

export const financialRoutes = [
  { path: "/financial/dashboard", title: "Dashboard" },
  { path: "/financial/analytics", title: "Análises" },
  { path: "/financial/users", title: "Usuários" },
  { path: "/reports", title: "Relatórios" },
  { path: "/financial/payments", title: "Pagamentos" },
  { path: "/reconciliation", title: "Conciliação" },
];
