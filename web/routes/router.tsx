import { createBrowserRouter, type RouteObject } from "react-router";
import { FullPageSpinner } from "@/components/layout/full-page-status";
import type { RouteHandle } from "@/components/layout/route-effects";
import { loadSignedInTexts } from "@/lib/i18n";
import { loadClassMerge } from "@/lib/utils";
import { GuestOnly, RequireArea, RequireAuth } from "./guards";
import { Redirect, ReportsMoved } from "./redirect";
import { Root } from "./root";
import { RouteError } from "./route-error";

// The route table of spec section 2. Every page is its own lazily loaded chunk; guards and the
// root are in the main bundle so the loading indicator shows at once.

const title = (key: string): RouteHandle => ({ title: key });

export const routes: RouteObject[] = [
  {
    Component: Root,
    ErrorBoundary: RouteError,
    HydrateFallback: FullPageSpinner,
    children: [
      {
        lazy: () => import("./auth-layout"),
        children: [
          {
            Component: GuestOnly,
            children: [
              { path: "login", lazy: () => import("./auth/login"), handle: title("auth:login.title") },
              {
                path: "register",
                lazy: () => import("./auth/register"),
                handle: title("auth:register.title"),
              },
              {
                path: "forgot-password",
                lazy: () => import("./auth/forgot-password"),
                handle: title("auth:forgot.title"),
              },
            ],
          },
          // Reachable signed in too: a recovery link works whoever is at the keyboard.
          {
            path: "reset-password",
            lazy: () => import("./auth/reset-password"),
            handle: title("auth:reset.title"),
          },
        ],
      },
      {
        Component: RequireAuth,
        children: [
          {
            // The signed-in screens' texts and tailwind-merge load with their layout (lib/i18n.ts,
            // lib/utils.ts).
            lazy: () =>
              Promise.all([import("./app-layout"), loadSignedInTexts(), loadClassMerge()]).then(
                ([layout]) => layout,
              ),
            children: [
              { index: true, lazy: () => import("./buyer/dashboard"), handle: title("nav:buyer.dashboard") },
              {
                path: "add-data",
                lazy: () => import("./buyer/add-data"),
                handle: title("nav:buyer.addData"),
              },
              { path: "import", lazy: () => import("./buyer/import"), handle: title("import:title") },
              { path: "tokens", lazy: () => import("./tokens"), handle: title("tokens:title") },
              { path: "account", lazy: () => import("./account"), handle: title("account:title") },
              {
                path: "request-creative",
                lazy: () => import("./buyer/request-creative"),
                handle: title("nav:buyer.requestCreative"),
              },
              {
                path: "campanhas",
                lazy: () => import("./buyer/campaigns"),
                handle: title("nav:buyer.campaigns"),
              },
              {
                // Postback keys and their log (issue 26): buyers, team leads and admins.
                path: "postbacks",
                element: <RequireArea permission="postbacks:read" />,
                children: [
                  { index: true, lazy: () => import("./postbacks"), handle: title("postbacks:title") },
                ],
              },
              // The pivot report, for every role within what it may read (issue 25).
              { path: "reports", lazy: () => import("./reports"), handle: title("nav:reports") },
              { path: "user/notes", lazy: () => import("./buyer/notes"), handle: title("nav:buyer.notes") },
              {
                path: "user/analytics",
                lazy: () => import("./buyer/analytics"),
                handle: title("nav:buyer.analytics"),
              },
              {
                // Buyers and team leads read their own statements; the others are sent home.
                path: "user/payments",
                element: <RequireArea permission={"payments:read-own"} />,
                children: [
                  {
                    index: true,
                    lazy: () => import("./buyer/payments"),
                    handle: title("nav:buyer.payments"),
                  },
                ],
              },
              {
                // Team leads read their buyers; admins and financial users any lead's (issue 25).
                path: "team",
                element: <RequireArea permission="team:read" />,
                children: [{ index: true, lazy: () => import("./team"), handle: title("nav:team") }],
              },
              {
                // Networks' statements against the buyers' logs (issue 32): finance only.
                path: "reconciliation",
                element: <RequireArea permission="reconciliation:manage" />,
                children: [
                  {
                    index: true,
                    lazy: () => import("./reconciliation"),
                    handle: title("nav:reconciliation"),
                  },
                ],
              },
              {
                path: "admin",
                element: <RequireArea permission="area:admin" />,
                children: [
                  { index: true, element: <Redirect to="/admin/dashboard" replace /> },
                  {
                    path: "dashboard",
                    lazy: () => import("./admin/dashboard"),
                    handle: title("nav:admin.dashboard"),
                  },
                  {
                    path: "analytics",
                    lazy: () => import("./admin/analytics"),
                    handle: title("nav:admin.analytics"),
                  },
                  { path: "users", lazy: () => import("./admin/users"), handle: title("nav:admin.users") },
                  { path: "offers", lazy: () => import("./admin/offers"), handle: title("nav:admin.offers") },
                  {
                    path: "creative-requests",
                    lazy: () => import("./admin/creative-requests"),
                    handle: title("nav:admin.creativeRequests"),
                  },
                  {
                    path: "financial",
                    lazy: () => import("./admin/financial"),
                    handle: title("nav:admin.financial"),
                  },
                  {
                    path: "settings",
                    lazy: () => import("./admin/settings"),
                    handle: title("nav:admin.settings"),
                  },
                  { path: "audit", lazy: () => import("./admin/audit"), handle: title("nav:admin.audit") },
                ],
              },
              {
                path: "financial",
                element: <RequireArea permission="area:financial" />,
                children: [
                  { index: true, element: <Redirect to="/financial/dashboard" replace /> },
                  {
                    path: "dashboard",
                    lazy: () => import("./financial/dashboard"),
                    handle: title("nav:financial.dashboard"),
                  },
                  {
                    path: "analytics",
                    lazy: () => import("./financial/analytics"),
                    handle: title("nav:financial.analytics"),
                  },
                  {
                    path: "users",
                    lazy: () => import("./financial/users"),
                    handle: title("nav:financial.users"),
                  },
                  // The report moved to /reports, for every role (issue 25); old links keep working.
                  { path: "reports", Component: ReportsMoved },
                  {
                    path: "payments",
                    lazy: () => import("./financial/payments"),
                    handle: title("nav:financial.payments"),
                  },
                ],
              },
              { path: "*", lazy: () => import("./not-found"), handle: title("common:notFound.title") },
            ],
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
