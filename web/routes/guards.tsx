import { can, homePathFor, type Permission } from "@domain/permissions";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation } from "react-router";
import { FullPageError, FullPageSpinner } from "@/components/layout/full-page-status";
import type { Me } from "@/features/auth/api";
import { loginPathFor, readNextPath } from "@/features/auth/next-path";
import {
  CurrentUserContext,
  finishSigningOut,
  isSigningOut,
  isSignOutNavigation,
  signedOutState,
  useCurrentUser,
  useSession,
} from "@/features/auth/session";

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

/** Where a user whose role must use two-factor, and who has not turned it on, is kept. */
export const twoFactorSetupPath = "/account";

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
    if (isSigningOut()) return <Navigate to="/login" replace state={signedOutState} />;
    return <Navigate to={loginPathFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  if (mustSetUpTwoFactor(user) && location.pathname !== twoFactorSetupPath) {
    return <Navigate to={twoFactorSetupPath} replace />;
  }
  return (
    <CurrentUserContext value={user}>
      <Outlet />
    </CurrentUserContext>
  );
}

export function mustSetUpTwoFactor(user: Pick<Me, "twoFactorRequired" | "twoFactorEnabled">): boolean {
  return user.twoFactorRequired && !user.twoFactorEnabled;
}

/** An area of the app (admin, financial): users whose role lacks it are sent to /. */
export function RequireArea({ permission }: { permission: Permission }) {
  const user = useCurrentUser();
  if (!can(user.role, permission)) return <Navigate to="/" replace />;
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
    return <Navigate to={readNextPath(location.search) ?? homePathFor(user.role)} replace />;
  }
  return <Outlet />;
}
