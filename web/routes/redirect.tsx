import { Navigate, type NavigateProps, useLocation } from "react-router";

/**
 * React Router's <Navigate>, mounted afresh at every new location. Navigate navigates from an effect
 * once per mount; when another navigation interrupts its own (the sign-in form sending the user to
 * `?next=` while a guard's redirect away from it still loads its page), the guard goes on rendering
 * the same Navigate at the same address, nothing fires again and the screen stays blank. Keyed by the
 * location, each arrival redirects again.
 */
export function Redirect(props: NavigateProps) {
  const location = useLocation();
  return <Navigate key={location.key} {...props} />;
}

/** /financial/reports → /reports with the same query (the report is every role's since issue 25). */
export function ReportsMoved() {
  const location = useLocation();
  return <Redirect to={{ pathname: "/reports", search: location.search }} replace />;
}
