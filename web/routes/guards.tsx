import { can, type Permission } from "@domain/permissions";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation } from "react-router";
import { FullPageError, FullPageSpinner } from "@/components/layout/full-page-status";
import {
  landingPathFor,
  loginPathFor,
  mustSetUpTwoFactor,
  readNextPath,
  twoFactorSetupPath,
} from "@/features/auth/next-path";
import {
  CurrentUserContext,
  finishSigningOut,
  isSigningOut,
  isSignOutNavigation,
  signedOutState,
  useCurrentUser,
  useSession,
} from "@/features/auth/session";
import { Redirect } from "./redirect";

// Route guards (spec section 2). Each shows a loading indicator while the session resolves. The
// server enforces every permission again: these only keep people out of screens they cannot use.

function SessionError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <FullPageError
      title={t("common:sessionError.title")}
      description={t("common:sessionError.description")}
      onRetry={onRetry}
    />
  );
}

/**
 * Signed-in users only; others go to /login, which brings them back here afterwards. A user whose
 * role must use two-factor sign-in and has not turned it on goes to /account (the API refuses them
 * everything else anyway).
 */
export function RequireAuth() {
  const { user, isPending, error, refetch } = useSession();
  const location = useLocation();
  if (isPending) return <FullPageSpinner />;
  if (!user && error) return <SessionError onRetry={() => refetch()} />;
  if (!user) {
    if (isSigningOut()) return <Redirect to="/login" replace state={signedOutState} />;
    return <Redirect to={loginPathFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  if (mustSetUpTwoFactor(user) && location.pathname !== twoFactorSetupPath) {
    return <Redirect to={twoFactorSetupPath} replace />;
  }
  return (
    <CurrentUserContext value={user}>
      <Outlet />
    </CurrentUserContext>
  );
}

/** An area of the app (admin, financial): users whose role lacks it are sent to /. */
export function RequireArea({ permission }: { permission: Permission }) {
  const user = useCurrentUser();
  if (!can(user.role, permission)) return <Redirect to="/" replace />;
  return <Outlet />;
}

/** Sign-in, sign-up and recovery: a signed-in user goes where they were headed, or home. */
export function GuestOnly() {
  const { user, isPending } = useSession();
  const location = useLocation();
  // A guest page is showing: a sign-out under way has landed.
  useEffect(() => finishSigningOut(), []);
  if (isPending) return <FullPageSpinner />;
  if (user && !isSignOutNavigation(location.state)) {
    return <Redirect to={landingPathFor(user, readNextPath(location.search))} replace />;
  }
  return <Outlet />;
}
