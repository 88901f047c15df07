/**
 * Generated from the served /api/openapi.json by `npm run api:types` (scripts/api-types.ts).
 * Do not edit: change the routes' schemas and run the command again.
 */


/** OneOf type helpers */
type Without<T, U> = { [P in Exclude<keyof T, keyof U>]?: never };
type XOR<T, U> = (T | U) extends object ? (Without<T, U> & U) | (Without<U, T> & T) : T | U;
type OneOf<T extends any[]> = T extends [infer Only] ? Only : T extends [infer A, infer B, ...infer Rest] ? OneOf<[XOR<A, B>, ...Rest]> : never;

export interface paths {
  "/api/health": {
    /** Liveness and database reachability (for load balancers) */
    get: operations["getHealth"];
  };
  "/api/config": {
    /** Public configuration: human verification and the workspace settings every screen needs (language, time zone, currency) */
    get: operations["getPublicConfig"];
  };
  "/api/captcha/challenge": {
    /** A fresh ALTCHA proof-of-work challenge (only when CAPTCHA_PROVIDER=altcha) */
    get: operations["getCaptchaChallenge"];
  };
  "/api/password-reset/validate": {
    /** Whether a password-reset (or invitation) token exists and has not expired */
    get: operations["validatePasswordResetToken"];
  };
  "/api/me": {
    /** The signed-in user */
    get: operations["getMe"];
    /** Keep the signed-in user's language and ad account currency in their profile */
    patch: operations["updateMe"];
  };
  "/api/session": {
    /** The signed-in user, or null when there is no session */
    get: operations["getSession"];
  };
  "/api/me/sessions": {
    /** The signed-in user's active sessions, this one first (device, address, signed in, last active) */
    get: operations["listMySessions"];
  };
  "/api/me/sessions/{id}": {
    /** End one of the signed-in user's other sessions (422 cannot_end_current_session for this one) */
    delete: operations["revokeMySession"];
  };
  "/api/me/sessions/revoke-others": {
    /** End every session of the signed-in user except this one */
    post: operations["revokeMyOtherSessions"];
  };
  "/api/campaigns": {
    /** Campaigns the viewer may see, filtered, sorted and paginated */
    get: operations["listCampaigns"];
    /**
     * Log a day's results for an offer visible to the buyer
     * @description 409 month_closed (field date) when the buyer's statement for that month has closed it. 400 future_date for a day after today in the workspace time zone. 422 needs_confirmation (error.warnings) when the funnel runs backwards or a value is above 10× the buyer's median for the offer: send acknowledgeWarnings: true to save anyway. 409 day_already_logged (field date, existingId) when the buyer already has an entry for that offer and day: edit that entry instead.
     */
    post: operations["createCampaign"];
  };
  "/api/campaigns/export.csv": {
    /**
     * The same filters as the list, as a streamed CSV file (UTF-8 with BOM, newest first)
     * @description In the reader's dialect (lang, else the profile's language, else X-Language): pt-BR and ru ';' and decimal comma, en ',' and point, or the one dialect asks for. The file is named by the period and the filters (offer, buyer, search).
     */
    get: operations["exportCampaignsCsv"];
  };
  "/api/campaigns/{id}": {
    /** One campaign within the viewer's scope */
    get: operations["getCampaign"];
    /**
     * Delete one's own campaign (admins: any)
     * @description 409 month_closed when the creator's statement for its month has closed it.
     */
    delete: operations["deleteCampaign"];
    /**
     * Change one's own campaign (admins: any)
     * @description 409 month_closed when the month of the saved date or of the new one is closed by the creator's statement (field date when the new date is the closed one). 400 future_date for a new date after today; 422 needs_confirmation (error.warnings) for the edited row's guardrail warnings unless acknowledgeWarnings: true. 409 day_already_logged (field date or offerId, existingId) when the new date or offer meets another entry of the creator's for that day.
     */
    patch: operations["updateCampaign"];
  };
  "/api/imports/preview": {
    /** Read a file of daily results and show every row as it will be saved, with its problems */
    post: operations["previewImport"];
  };
  "/api/imports/preview/{token}": {
    /** Another page of a preview, optionally only rows of one status */
    get: operations["getImportPreview"];
  };
  "/api/campaigns/batch": {
    /**
     * Log up to 1,000 days at once, all or nothing (duplicate days skipped or replaced)
     * @description For tracker scripts with a personal API token. The same rules as the import: every row is validated like POST /api/campaigns, a day already logged for the offer is skipped or replaced, two rows for one offer and day are refused, and one row dated in a month the buyer's statement has closed refuses the whole batch (409 month_closed, fields rows.<i>.date). A row dated after today answers 400 future_date (rows.<i>.date); guardrail warnings answer 422 needs_confirmation (error.warnings, row = index) unless acknowledgeWarnings is true. Send an Idempotency-Key to retry safely: the same key and body answer the stored result (header Idempotent-Replayed: true) without saving again.
     */
    post: operations["createCampaignBatch"];
  };
  "/api/imports": {
    /**
     * Save the accepted rows of a preview in one transaction (duplicates skipped or replaced)
     * @description Rows the preview marked as errors (month_closed and future_date among them) are skipped. A month closed since the preview refuses the whole commit with 409 month_closed: preview the file again. While rows to be written carry guardrail warnings (ImportRow.warnings), the commit answers 422 needs_confirmation (error.warnings) unless acknowledgeWarnings is true.
     */
    post: operations["importCampaigns"];
  };
  "/api/metrics/summary": {
    /** Today, last 7 days, last 30 days and all time for the viewer's scope (workspace time zone) */
    get: operations["getMetricsSummary"];
  };
  "/api/analytics": {
    /** Totals, a daily series and breakdowns by offer and user, for the viewer's scope */
    get: operations["getAnalytics"];
  };
  "/api/offers": {
    /** Offers the viewer may see, newest first (buyers: visible to all or assigned to them); open ones unless status says archived or all */
    get: operations["listOffers"];
    /** Create an offer (admins); notifies every buyer who can see it */
    post: operations["createOffer"];
  };
  "/api/offers/{id}": {
    /** One offer the viewer may see */
    get: operations["getOffer"];
    /** Delete an offer no campaign uses (admins); one in use answers 409 offer_in_use: archive it */
    delete: operations["deleteOffer"];
    /** Change an offer (admins); buyers who can newly see it are notified */
    patch: operations["updateOffer"];
  };
  "/api/offers/{id}/archive": {
    /** Archive an offer (admins): no new entries for it; reports and history keep it */
    post: operations["archiveOffer"];
  };
  "/api/offers/{id}/restore": {
    /** Restore an archived offer (admins): it takes new entries again */
    post: operations["restoreOffer"];
  };
  "/api/notes": {
    /** Own notes (buyers, team leads) or every note (admins) */
    get: operations["listNotes"];
  };
  "/api/users/{id}/notes": {
    /** One user's notes (admins, or the user themself) */
    get: operations["listUserNotes"];
    /** Add a note to a user (admins) */
    post: operations["createUserNote"];
  };
  "/api/notes/{id}": {
    /** Delete a note (admins) */
    delete: operations["deleteNote"];
    /** Change a note (admins) */
    patch: operations["updateNote"];
  };
  "/api/creative-requests": {
    /** Own requests (buyers, team leads) or all (admins), newest first */
    get: operations["listCreativeRequests"];
    /** File a creative request; every admin is notified */
    post: operations["createCreativeRequest"];
  };
  "/api/creative-requests/{id}": {
    /** Set a request's status and notes (admins); the requester is notified of a new status */
    patch: operations["updateCreativeRequest"];
  };
  "/api/notifications": {
    /** The viewer's latest notifications and the unread count */
    get: operations["listNotifications"];
  };
  "/api/notifications/read-all": {
    /** Mark all of the viewer's notifications read */
    post: operations["markAllNotificationsRead"];
  };
  "/api/notifications/{id}/read": {
    /** Mark one of the viewer's notifications read */
    post: operations["markNotificationRead"];
  };
  "/api/notifications/stream": {
    /** Server-Sent Events: `notification` events as they are written (send Last-Event-ID to catch up after a reconnect), and `refresh` events when the viewer's campaign figures changed (postbacks; at most about one a second) */
    get: operations["streamNotifications"];
  };
  "/api/payments": {
    /** Load a month: create missing statements, refresh pending ones, carry overpayments in; the rows the filters keep and their totals */
    get: operations["listPayments"];
  };
  "/api/payments/{statementId}/payouts": {
    /** Register a payment of 0 < amount ≤ pending; the statement is paid when nothing is left (closeEarly before the month ends) */
    post: operations["createPayout"];
  };
  "/api/payments/{statementId}/adjustments": {
    /** Adjust what a statement owes: + bonus, − clawback, with a reason; an overpayment moves to the next month */
    post: operations["createAdjustment"];
  };
  "/api/payouts/{id}/reverse": {
    /** Reverse any payment of a statement that is not cancelled (reason required); a paid statement returns to pending */
    post: operations["reversePayout"];
  };
  "/api/payouts/{id}": {
    /** Change a payment's note; its amount never changes (reverse it instead) */
    patch: operations["updatePayout"];
  };
  "/api/payments/{statementId}/history": {
    /** A statement's payments (10 per page), every status change and every adjustment */
    get: operations["getStatementHistory"];
  };
  "/api/me/payment": {
    /** The buyer's own current month: status, pending amount (0 when paid), next expected payment date */
    get: operations["getMyPayment"];
  };
  "/api/me/payments": {
    /** The buyer's own statements, newest month first, with payouts, reversals and adjustments */
    get: operations["listMyPayments"];
  };
  "/api/me/commission": {
    /** The buyer's commission this month under their model, and the ROI or revenue still missing for a higher rate */
    get: operations["getMyCommission"];
  };
  "/api/commission-settings/{userId}": {
    /** The commission settings in effect for a month (default the current one) and every saved version */
    get: operations["getCommissionSettings"];
    /** Save a buyer's commission model from a month on (default the current one); refused when that month or a later one is closed */
    put: operations["setCommissionSettings"];
  };
  "/api/payments/{statementId}/process": {
    /** Processar: pending → processing (closeEarly before the month ends) */
    post: operations["processStatement"];
  };
  "/api/payments/{statementId}/reject": {
    /** Rejeitar: pending or processing → cancelled */
    post: operations["rejectStatement"];
  };
  "/api/payments/{statementId}/reopen": {
    /** Reabrir: processing or cancelled → pending (a paid statement: reverse its payouts) */
    post: operations["reopenStatement"];
  };
  "/api/payments/{statementId}/confirm": {
    /** Confirmar Pagamento: pays the whole pending amount; the buyer is notified (closeEarly before the month ends) */
    post: operations["confirmStatement"];
  };
  "/api/reconciliations/preview": {
    /** Read a network's statement for a month: every row matched to an offer (and buyer) or with its reason */
    post: operations["previewReconciliation"];
  };
  "/api/reconciliations/tolerance": {
    /** The workspace's tolerance: a line is flagged when its difference exceeds both the percent and the amount */
    get: operations["getReconciliationTolerance"];
    /** Change the workspace's tolerance */
    put: operations["saveReconciliationTolerance"];
  };
  "/api/reconciliations": {
    /** The month's committed statements (and the caller's preview) with their flagged and resolved lines */
    get: operations["listReconciliations"];
  };
  "/api/reconciliations/{id}/rows": {
    /** A page of a statement's rows, optionally of one status */
    get: operations["getReconciliationRows"];
  };
  "/api/reconciliations/{id}/commit": {
    /** Make a preview the network's statement for the month (replacing one without resolved lines) and remember its mapping */
    post: operations["commitReconciliation"];
  };
  "/api/reconciliations/{id}/aliases": {
    /** Map a reference of the file to an offer or buyer by hand: applied to this statement and remembered */
    post: operations["mapReconciliationReference"];
  };
  "/api/reconciliations/{id}/lines": {
    /** Logged against reported per offer (or buyer × offer), with differences flagged beyond the tolerance */
    get: operations["getReconciliationLines"];
  };
  "/api/reconciliations/{id}/lines/days": {
    /** The buyers' days behind a line */
    get: operations["getReconciliationLineDays"];
  };
  "/api/reconciliations/{id}/lines/proposal": {
    /** The adjustment each buyer behind a line would get: the difference split by logged deposits, commission recomputed */
    get: operations["getReconciliationProposal"];
  };
  "/api/reconciliations/{id}/resolutions": {
    /** Resolve a line: accept it with a note, or adjust the buyers' statements (amounts as proposed or edited) */
    post: operations["resolveReconciliationLine"];
  };
  "/api/payments.csv": {
    /**
     * The month's payout file as CSV, in the reader's dialect (pt-BR and ru: ';' and decimal comma)
     * @description One row per buyer with something pending that month (cancelled statements left out): name, e-mail, payment method and details, amount pending, reference PLACAR-YYYY-MM-<8 hex of the statement id>, and whether the details changed in the last 7 days. Statements as stored: load the month (GET /api/payments) first.
     */
    get: operations["exportPaymentsCsv"];
  };
  "/api/payments.xlsx": {
    /**
     * The month's payout file as an Excel workbook (amounts as number cells with 2 decimals)
     * @description One row per buyer with something pending that month (cancelled statements left out): name, e-mail, payment method and details, amount pending, reference PLACAR-YYYY-MM-<8 hex of the statement id>, and whether the details changed in the last 7 days. Statements as stored: load the month (GET /api/payments) first.
     */
    get: operations["exportPaymentsXlsx"];
  };
  "/api/me/payee": {
    /** The buyer's own payment details (Pix key, bank account or USDT address) */
    get: operations["getMyPayee"];
    /** Save the buyer's payment details; a change is audited (keys masked) and notifies financial users and admins */
    put: operations["setMyPayee"];
  };
  "/api/users/{id}/payee": {
    /** A buyer's payment details (financial and admins; a buyer only their own) */
    get: operations["getUserPayee"];
  };
  "/api/admin/dashboard": {
    /** Totals and performance by offer and by user for a named period or a custom range (admins) */
    get: operations["getAdminDashboard"];
  };
  "/api/financial/dashboard": {
    /** Totals and the per-user table for a named period or a custom range */
    get: operations["getFinancialDashboard"];
  };
  "/api/financial/analytics": {
    /** Overview with growth against the previous period, the funnel and the top-10 lists */
    get: operations["getFinancialAnalytics"];
  };
  "/api/financial/users": {
    /** Users with campaign totals and last campaign date; search by name or e-mail, filter by role */
    get: operations["listFinancialUsers"];
  };
  "/api/financial/users/{id}/stats": {
    /** One user's statistics for a named period or a custom range */
    get: operations["getUserStats"];
  };
  "/api/reports": {
    /**
     * The pivot: rows grouped by up to three dimensions over what the caller may read
     * @description Rows of the current period grouped by groupBy, filtered (buyerId, teamId, offerId, brand restrict the rows summed; minRoi, maxRoi, minSpend apply to each grouped row's current figures), sorted and paged; totals over every row that passes. compare=previous adds the previous period of the same length, its time keys shifted forward by the period's length.
     */
    get: operations["getReport"];
  };
  "/api/reports.csv": {
    /**
     * The pivot as CSV in the reader's dialect (pt-BR, ru: ';' and decimal comma; en: ',' and point)
     * @description Exactly what the screen shows for the same query: every row (no paging) in its sort, the chosen columns, and a totals row; with compare=previous each metric has its value, the previous value and Δ%.
     */
    get: operations["exportReportCsv"];
  };
  "/api/reports.xlsx": {
    /**
     * The pivot as an Excel workbook (number, money, percent and date cells)
     * @description Exactly what the screen shows for the same query: every row (no paging) in its sort, the chosen columns, and a totals row; with compare=previous each metric has its value, the previous value and Δ%.
     */
    get: operations["exportReportXlsx"];
  };
  "/api/saved-reports": {
    /** The caller's saved report views, by name */
    get: operations["listSavedReports"];
    /** Save a report view under a name; the same name replaces that view's query */
    post: operations["saveReport"];
  };
  "/api/saved-reports/{id}": {
    /** Delete one of the caller's saved views (another user's answers 404) */
    delete: operations["deleteSavedReport"];
  };
  "/api/team/buyers": {
    /** One row per buyer of a team (a lead's own; any lead's or every buyer for admins and financial) for a range, against the previous one */
    get: operations["listTeamBuyers"];
  };
  "/api/users": {
    /** Users the viewer may see (admins, financial: all; team leads: self and their buyers; buyers: self and their lead) */
    get: operations["listUsers"];
    /** Invite a user (admins): a set-password link goes by mail, or back to the admin without SMTP */
    post: operations["inviteUser"];
  };
  "/api/users/{id}": {
    /** One user the viewer may see */
    get: operations["getUser"];
    /** Delete a user and their campaigns, notes, notifications, creative requests, assignments and statements (admins); 409 has_payouts, or 409 month_closed when they have campaigns in a month their statement has closed */
    delete: operations["deleteUser"];
    /** Change name, role or team lead (admins); applies on the user's next request */
    patch: operations["updateUser"];
  };
  "/api/users/{id}/deactivate": {
    /** Deactivate a user (admins): sign-in blocked, sessions ended, history kept */
    post: operations["deactivateUser"];
  };
  "/api/users/{id}/reactivate": {
    /** Reactivate a deactivated user (admins): sign-in allowed again, role, team and history unchanged */
    post: operations["reactivateUser"];
  };
  "/api/users/{id}/sessions/revoke": {
    /** End every session of a user (admins); their next request answers 401 */
    post: operations["revokeUserSessions"];
  };
  "/api/users/{id}/two-factor/disable": {
    /** Turn off a user's two-factor sign-in (admins, e.g. a lost phone): secret, backup codes and trusted devices go */
    post: operations["disableUserTwoFactor"];
  };
  "/api/fx-rates": {
    /** Every day of a range with the rate it uses: its own, or the latest earlier one (a gap, with the day it comes from), or none */
    get: operations["listFxRates"];
    /** Enter or change daily rates (financial, admins); the rows they convert follow at once. 409 rates_locked when a month closed for payment uses one */
    put: operations["saveFxRates"];
  };
  "/api/fx-rates/import": {
    /** Import daily rates from a file (financial, admins) */
    post: operations["importFxRates"];
  };
  "/api/fx-rates/fetch": {
    /** Fetch PTAX closing rates for a range from the Central Bank (financial, admins; only with FX_SOURCE=bcb, else 409 fx_source_off) */
    post: operations["fetchFxRates"];
  };
  "/api/settings": {
    /** The workspace settings (any signed-in user) */
    get: operations["getSettings"];
    /** Replace the workspace settings (admins); applies to every process at once. A new reporting currency converts every figure (409 statements_processing while a statement is processing; 400 missing_rate naming a day without a rate) */
    put: operations["updateSettings"];
  };
  "/api/settings/test-report": {
    /** Send today's daily report e-mail now to every admin and financial user (admins); each key sends once */
    post: operations["sendTestReport"];
  };
  "/api/backups": {
    /** Backup history, newest first (admins) */
    get: operations["listBackups"];
    /** Back the whole database up now (admins); a failed run is recorded with its reason */
    post: operations["createBackup"];
  };
  "/api/backups/{id}/download": {
    /** Download a backup file (admins) */
    get: operations["downloadBackup"];
  };
  "/api/backups/{id}": {
    /** Delete a backup and its file (admins) */
    delete: operations["deleteBackup"];
  };
  "/api/tokens": {
    /** One's own personal API tokens (never the secrets) */
    get: operations["listTokens"];
    /** Create a personal API token; the secret is in this answer only */
    post: operations["createToken"];
  };
  "/api/tokens/{id}": {
    /** Revoke one of one's tokens; it stops working at once */
    delete: operations["revokeToken"];
  };
  "/api/audit": {
    /** The audit trail, newest first (admins) */
    get: operations["listAuditEvents"];
  };
  "/api/postback-keys": {
    /** Postback keys: a buyer's own; admins every key */
    get: operations["listPostbackKeys"];
    /** Create a postback key: a buyer's own, or (admins) one per offer that reads the buyer's code */
    post: operations["createPostbackKey"];
  };
  "/api/postback-keys/{id}": {
    /** Revoke a postback key; its URL answers 404 from now on */
    delete: operations["revokePostbackKey"];
  };
  "/api/postbacks": {
    /** The postback log, newest first: a buyer's keys (and offer keys that named them); admins all */
    get: operations["listPostbacks"];
  };
  "/api/postback/{key}": {
    /**
     * Receive a postback (GET)
     * @description Called by an affiliate network or a tracker; the key in the path is the credential. Parameters in the query, a form body or a JSON body, named as the key maps them (by default event, amount, currency, tid, date, offer, and buyer for offer keys). A repeated tid answers 200 and changes nothing. Unknown or revoked key: 404 with no detail.
     */
    get: operations["receivePostbackGet"];
    /**
     * Receive a postback (POST: form or JSON body, and/or query)
     * @description Called by an affiliate network or a tracker; the key in the path is the credential. Parameters in the query, a form body or a JSON body, named as the key maps them (by default event, amount, currency, tid, date, offer, and buyer for offer keys). A repeated tid answers 200 and changes nothing. Unknown or revoked key: 404 with no detail.
     */
    post: operations["receivePostbackPost"];
  };
}

export type webhooks = Record<string, never>;

export interface components {
  schemas: {
    Health: {
      /** @enum {string} */
      status: "ok" | "degraded";
      /** @enum {string} */
      database: "pglite" | "postgres";
    };
    PublicConfig: {
      captcha: {
        /** @enum {string} */
        provider: "altcha" | "turnstile" | "none";
        siteKey?: string;
        challengeUrl: string;
      };
      /** @enum {string} */
      defaultLanguage: "pt-BR" | "en" | "ru";
      workspaceTimezone: string;
      /** @enum {string} */
      reportingCurrency: "USD" | "BRL";
    };
    AltchaChallenge: {
      parameters: {
        algorithm: string;
        nonce: string;
        salt: string;
        cost: number;
        keyLength: number;
        keyPrefix: string;
        keySignature?: string;
        expiresAt?: number;
        [key: string]: unknown;
      };
      signature?: string;
    };
    Error: {
      error: {
        /** @example validation_failed */
        code: string;
        message: string;
        fields?: {
          [key: string]: string;
        };
        existingId?: string;
        warnings?: components["schemas"]["GuardrailWarning"][];
        day?: string;
        statements?: {
            id: string;
            userId: string;
            periodStart: string;
          }[];
      };
    };
    GuardrailWarning: {
      row?: number;
      /** @enum {string} */
      field: "spent" | "clicks" | "installations" | "registrations" | "deposits" | "depositPayment";
      /** @enum {string} */
      code: "deposits_over_registrations" | "registrations_over_clicks" | "installations_over_clicks" | "above_median";
      value: string;
      median?: string;
      limit?: string;
    };
    ResetTokenValidity: {
      valid: boolean;
    };
    Me: {
      id: string;
      email: string;
      name: string;
      /** @enum {string} */
      role: "user" | "manager" | "financial" | "admin";
      /** @enum {string|null} */
      language: "pt-BR" | "en" | "ru" | null;
      managerId: string | null;
      twoFactorEnabled: boolean;
      /** @description The user's short, non-secret code: offer postback keys read the buyer from it */
      code: string;
      /** @description The workspace requires two-factor sign-in of this role; until it is on, other calls answer 403 two_factor_required */
      twoFactorRequired: boolean;
      /**
       * @description The currency the user's ad account bills in: the default currency of the spend they log
       * @enum {string}
       */
      adAccountCurrency: "USD" | "BRL";
    };
    CurrentSession: {
      user: components["schemas"]["Me"] & (Record<string, never> | null);
    };
    UpdateMe: {
      /** @enum {string} */
      language?: "pt-BR" | "en" | "ru";
      /** @enum {string} */
      adAccountCurrency?: "USD" | "BRL";
    };
    Session: {
      id: string;
      current: boolean;
      /** @description When the user signed in */
      createdAt: string;
      /** @description The last request, to within a few minutes */
      lastActiveAt: string;
      expiresAt: string;
      ipAddress: string | null;
      userAgent: string | null;
    };
    SessionsRevoked: {
      /** @description How many sessions ended */
      revoked: number;
    };
    CampaignPage: {
      items: components["schemas"]["Campaign"][];
      total: number;
      page: number;
      pageSize: number;
    };
    Campaign: {
      id: string;
      /** Format: date */
      date: string;
      offerId: string | null;
      creatorId: string;
      managerId: string | null;
      /** @description Decimal amount, 2 places */
      spent: string;
      clicks: number;
      installations: number;
      registrations: number;
      deposits: number;
      /** @description Decimal amount, 2 places */
      depositPayment: string;
      /** @description Decimal amount, 2 places */
      revenue: string;
      /** @enum {string} */
      spentCurrency: "USD" | "BRL";
      /** @enum {string} */
      revenueCurrency: "USD" | "BRL";
      /** @description Decimal amount, 2 places */
      spentConverted: string;
      /** @description Decimal amount, 2 places */
      revenueConverted: string;
      /** @description Decimal amount, 2 places */
      profit: string;
      /**
       * @description Ratio, decimal with 4 places, e.g. "12.5000"
       * @example 12.5000
       */
      roi: string;
      /**
       * @description Ratio, decimal with 4 places, e.g. "12.5000"
       * @example 12.5000
       */
      epc: string;
      /**
       * @description Ratio, decimal with 4 places, e.g. "12.5000"
       * @example 12.5000
       */
      clickPrice: string;
      /**
       * @description Ratio, decimal with 4 places, e.g. "12.5000"
       * @example 12.5000
       */
      installPrice: string;
      /**
       * @description Ratio, decimal with 4 places, e.g. "12.5000"
       * @example 12.5000
       */
      regPrice: string;
      /**
       * @description Ratio, decimal with 4 places, e.g. "12.5000"
       * @example 12.5000
       */
      depPrice: string;
      /**
       * @description Ratio, decimal with 4 places, e.g. "12.5000"
       * @example 12.5000
       */
      clickToInst: string;
      /**
       * @description Ratio, decimal with 4 places, e.g. "12.5000"
       * @example 12.5000
       */
      instToReg: string;
      /**
       * @description Ratio, decimal with 4 places, e.g. "12.5000"
       * @example 12.5000
       */
      regToDep: string;
      createdAt: string;
      updatedAt: string;
      offer: {
        id: string;
        name: string;
        casinoBrand: string;
        /** @description Decimal amount, 2 places */
        payoutPerDeposit: string;
      } | null;
      creator: {
        id: string;
        name: string;
        email: string;
      };
    };
    CampaignCreate: {
      /**
       * Format: date
       * @example 2026-11-21
       */
      date: string;
      offerId: string;
      /** @description Decimal amount with up to 2 places, e.g. "125.50" */
      spent?: string;
      clicks?: number | string;
      installations?: number | string;
      registrations?: number | string;
      deposits?: number | string;
      /** @description Decimal amount with up to 2 places, e.g. "125.50" */
      depositPayment?: string;
      /** @enum {string} */
      spentCurrency?: "USD" | "BRL";
      /** @enum {string} */
      revenueCurrency?: "USD" | "BRL";
      /** @description Save even if guardrail warnings apply (the caller confirmed them). */
      acknowledgeWarnings?: boolean;
    };
    CampaignPatch: {
      /**
       * Format: date
       * @example 2026-11-21
       */
      date?: string;
      /** Format: uuid */
      offerId?: string;
      /** @description Decimal amount with up to 2 places, e.g. "125.50" */
      spent?: string;
      clicks?: number | string;
      installations?: number | string;
      registrations?: number | string;
      deposits?: number | string;
      /** @description Decimal amount with up to 2 places, e.g. "125.50" */
      depositPayment?: string;
      /** @enum {string} */
      spentCurrency?: "USD" | "BRL";
      /** @enum {string} */
      revenueCurrency?: "USD" | "BRL";
      /** @description true: revenue becomes deposits × the offer's payout; false: the saved revenue is kept. Absent: revenue follows new deposits or a new offer only while it still equals the saved deposits × the offer's payout, so a revenue entered directly is kept. depositPayment wins. */
      recomputeRevenue?: boolean;
      /** @description Save even if guardrail warnings apply (the caller confirmed them). */
      acknowledgeWarnings?: boolean;
    };
    ImportPreview: {
      token: string;
      fileName: string;
      userId: string;
      headers: string[];
      mapping: components["schemas"]["ImportMapping"];
      total: number;
      counts: {
        ok: number;
        duplicate: number;
        error: number;
      };
      page: number;
      pageSize: number;
      rows: components["schemas"]["ImportRow"][];
    };
    ImportMapping: {
      date?: string | null;
      offer?: string | null;
      spent?: string | null;
      clicks?: string | null;
      installations?: string | null;
      registrations?: string | null;
      deposits?: string | null;
      revenue?: string | null;
    };
    ImportRow: {
      line: number;
      /** @enum {string} */
      status: "ok" | "duplicate" | "error";
      problems: ({
          /** @enum {string} */
          code: "missing_offer" | "unknown_offer" | "ambiguous_offer" | "offer_not_visible" | "bad_date" | "negative_number" | "not_a_number" | "not_integer" | "too_many_decimals" | "too_large" | "revenue_too_large" | "duplicate_existing" | "duplicate_in_file" | "month_closed" | "future_date";
          /** @enum {string} */
          field?: "date" | "offer" | "spent" | "clicks" | "installations" | "registrations" | "deposits" | "revenue";
        })[];
      raw: {
        [key: string]: string;
      };
      values: {
        date: string;
        offerId: string;
        offerName: string;
        spent: string;
        clicks: number;
        installations: number;
        registrations: number;
        deposits: number;
        revenue: string;
      } | null;
      metrics: {
        profit: string;
        roi: string;
        epc: string;
        [key: string]: unknown;
      } | null;
      warnings: components["schemas"]["GuardrailWarning"][];
    };
    ImportResult: {
      added: number;
      replaced: number;
      skipped: number;
    };
    CampaignBatch: {
      rows: components["schemas"]["CampaignInput"][];
      /**
       * @default skip
       * @enum {string}
       */
      duplicates?: "skip" | "replace";
      userId?: string;
      /** @description Save even if guardrail warnings apply (the caller confirmed them). */
      acknowledgeWarnings?: boolean;
    };
    CampaignInput: {
      /**
       * Format: date
       * @example 2026-11-21
       */
      date: string;
      offerId: string;
      /** @description Decimal amount with up to 2 places, e.g. "125.50" */
      spent?: string;
      clicks?: number | string;
      installations?: number | string;
      registrations?: number | string;
      deposits?: number | string;
      /** @description Decimal amount with up to 2 places, e.g. "125.50" */
      depositPayment?: string;
      /** @enum {string} */
      spentCurrency?: "USD" | "BRL";
      /** @enum {string} */
      revenueCurrency?: "USD" | "BRL";
    };
    ImportCommit: {
      token: string;
      /**
       * @default skip
       * @enum {string}
       */
      duplicates?: "skip" | "replace";
      /** @description Save even if guardrail warnings apply (the caller confirmed them). */
      acknowledgeWarnings?: boolean;
    };
    MetricsSummary: {
      daily: components["schemas"]["Metrics"];
      weekly: components["schemas"]["Metrics"];
      monthly: components["schemas"]["Metrics"];
      total: components["schemas"]["Metrics"];
      today: string;
    };
    Metrics: {
      /** @description Decimal amount, 2 places */
      spent: string;
      /** @description Decimal amount, 2 places */
      revenue: string;
      /** @description Decimal amount, 2 places */
      profit: string;
      /**
       * @description Ratio, decimal with 4 places, e.g. "12.5000"
       * @example 12.5000
       */
      roi: string;
      /**
       * @description Ratio, decimal with 4 places, e.g. "12.5000"
       * @example 12.5000
       */
      epc: string;
      clicks: number;
      installations: number;
      registrations: number;
      deposits: number;
      campaigns: number;
      /**
       * @description Ratio, decimal with 4 places, e.g. "12.5000"
       * @example 12.5000
       */
      clickToInstall: string;
      /**
       * @description Ratio, decimal with 4 places, e.g. "12.5000"
       * @example 12.5000
       */
      installToRegistration: string;
      /**
       * @description Ratio, decimal with 4 places, e.g. "12.5000"
       * @example 12.5000
       */
      registrationToDeposit: string;
      /**
       * @description Ratio, decimal with 4 places, e.g. "12.5000"
       * @example 12.5000
       */
      costPerClick: string;
      /**
       * @description Ratio, decimal with 4 places, e.g. "12.5000"
       * @example 12.5000
       */
      costPerInstall: string;
      /**
       * @description Ratio, decimal with 4 places, e.g. "12.5000"
       * @example 12.5000
       */
      costPerRegistration: string;
      /**
       * @description Ratio, decimal with 4 places, e.g. "12.5000"
       * @example 12.5000
       */
      costPerDeposit: string;
    };
    Analytics: {
      from: string | null;
      to: string;
      totals: components["schemas"]["Metrics"];
      series: components["schemas"]["SeriesPoint"][];
      byOffer: ({
          /** @description Decimal amount, 2 places */
          spent: string;
          /** @description Decimal amount, 2 places */
          revenue: string;
          /** @description Decimal amount, 2 places */
          profit: string;
          /**
           * @description Ratio, decimal with 4 places, e.g. "12.5000"
           * @example 12.5000
           */
          roi: string;
          /**
           * @description Ratio, decimal with 4 places, e.g. "12.5000"
           * @example 12.5000
           */
          epc: string;
          clicks: number;
          installations: number;
          registrations: number;
          deposits: number;
          campaigns: number;
          /**
           * @description Ratio, decimal with 4 places, e.g. "12.5000"
           * @example 12.5000
           */
          clickToInstall: string;
          /**
           * @description Ratio, decimal with 4 places, e.g. "12.5000"
           * @example 12.5000
           */
          installToRegistration: string;
          /**
           * @description Ratio, decimal with 4 places, e.g. "12.5000"
           * @example 12.5000
           */
          registrationToDeposit: string;
          /**
           * @description Ratio, decimal with 4 places, e.g. "12.5000"
           * @example 12.5000
           */
          costPerClick: string;
          /**
           * @description Ratio, decimal with 4 places, e.g. "12.5000"
           * @example 12.5000
           */
          costPerInstall: string;
          /**
           * @description Ratio, decimal with 4 places, e.g. "12.5000"
           * @example 12.5000
           */
          costPerRegistration: string;
          /**
           * @description Ratio, decimal with 4 places, e.g. "12.5000"
           * @example 12.5000
           */
          costPerDeposit: string;
          offerId: string | null;
          offerName: string | null;
          casinoBrand: string | null;
        })[];
      byUser: {
          /** @description Decimal amount, 2 places */
          spent: string;
          /** @description Decimal amount, 2 places */
          revenue: string;
          /** @description Decimal amount, 2 places */
          profit: string;
          /**
           * @description Ratio, decimal with 4 places, e.g. "12.5000"
           * @example 12.5000
           */
          roi: string;
          /**
           * @description Ratio, decimal with 4 places, e.g. "12.5000"
           * @example 12.5000
           */
          epc: string;
          clicks: number;
          installations: number;
          registrations: number;
          deposits: number;
          campaigns: number;
          /**
           * @description Ratio, decimal with 4 places, e.g. "12.5000"
           * @example 12.5000
           */
          clickToInstall: string;
          /**
           * @description Ratio, decimal with 4 places, e.g. "12.5000"
           * @example 12.5000
           */
          installToRegistration: string;
          /**
           * @description Ratio, decimal with 4 places, e.g. "12.5000"
           * @example 12.5000
           */
          registrationToDeposit: string;
          /**
           * @description Ratio, decimal with 4 places, e.g. "12.5000"
           * @example 12.5000
           */
          costPerClick: string;
          /**
           * @description Ratio, decimal with 4 places, e.g. "12.5000"
           * @example 12.5000
           */
          costPerInstall: string;
          /**
           * @description Ratio, decimal with 4 places, e.g. "12.5000"
           * @example 12.5000
           */
          costPerRegistration: string;
          /**
           * @description Ratio, decimal with 4 places, e.g. "12.5000"
           * @example 12.5000
           */
          costPerDeposit: string;
          userId: string;
          name: string;
          email: string;
        }[];
    };
    SeriesPoint: {
      /** @description Decimal amount, 2 places */
      spent: string;
      /** @description Decimal amount, 2 places */
      revenue: string;
      /** @description Decimal amount, 2 places */
      profit: string;
      clicks: number;
      installations: number;
      registrations: number;
      deposits: number;
      campaigns: number;
      date: string;
    };
    Offer: {
      id: string;
      name: string;
      description: string | null;
      value: string;
      /** @enum {string} */
      currency: "USD" | "BRL";
      casinoBrand: string;
      payoutPerDeposit: string;
      visibleToAll: boolean;
      code: string | null;
      createdAt: string;
      assignedUsers: {
          id: string;
          name: string;
          email: string;
        }[];
      campaignCount: number;
      archivedAt: string | null;
    };
    OfferInput: {
      name: string;
      description?: string | null;
      /** @description Decimal amount with up to 2 places */
      value: string;
      /**
       * @default USD
       * @enum {string}
       */
      currency?: "USD" | "BRL";
      casinoBrand: string;
      /** @description Decimal amount with up to 2 places */
      payoutPerDeposit: string;
      /** @default true */
      visibleToAll?: boolean;
      code?: string | null;
      /** @default [] */
      assignedUserIds?: string[];
    };
    OfferPatch: {
      name?: string;
      description?: string | null;
      /** @description Decimal amount with up to 2 places */
      value?: string;
      /** @enum {string} */
      currency?: "USD" | "BRL";
      casinoBrand?: string;
      /** @description Decimal amount with up to 2 places */
      payoutPerDeposit?: string;
      visibleToAll?: boolean;
      code?: string | null;
      assignedUserIds?: string[];
    };
    Note: {
      id: string;
      userId: string;
      content: string;
      createdAt: string;
      updatedAt: string;
      author: {
        id: string;
        name: string;
        email: string;
      } | null;
      user: {
        id: string;
        name: string;
        email: string;
      };
    };
    NoteInput: {
      content: string;
    };
    CreativeRequest: {
      id: string;
      userId: string;
      /** @enum {string} */
      type: "Image" | "Video" | "GIF";
      /** @enum {string} */
      format: "Square" | "Vertical" | "Horizontal";
      deadline: string;
      description: string;
      /** @enum {string} */
      status: "pending" | "in_progress" | "completed" | "rejected";
      adminNotes: string | null;
      createdAt: string;
      updatedAt: string;
      user: {
        id: string;
        name: string;
        email: string;
      };
    };
    CreativeRequestInput: {
      /**
       * @default Image
       * @enum {string}
       */
      type?: "Image" | "Video" | "GIF";
      /**
       * @default Square
       * @enum {string}
       */
      format?: "Square" | "Vertical" | "Horizontal";
      /**
       * Format: date
       * @example 2026-11-21
       */
      deadline: string;
      description: string;
    };
    CreativeRequestPatch: {
      /** @enum {string} */
      status: "pending" | "in_progress" | "completed" | "rejected";
      adminNotes?: string | null;
    };
    NotificationList: {
      items: components["schemas"]["Notification"][];
      unread: number;
    };
    Notification: {
      id: string;
      /** @enum {string} */
      type: "creative_request" | "creative_request_status" | "payment" | "new_offer" | "payee_changed" | "missing_day";
      metadata: {
        [key: string]: unknown;
      };
      read: boolean;
      createdAt: string;
    };
    PaymentMonth: {
      month: string;
      monthOver: boolean;
      periodEnd: string;
      items: components["schemas"]["PaymentRow"][];
      totals: components["schemas"]["PaymentTotals"];
    };
    PaymentRow: {
      statementId: string;
      userId: string;
      name: string;
      email: string;
      /** @enum {string} */
      model: "simple" | "tiered";
      /** @enum {string} */
      status: "pending" | "processing" | "paid" | "cancelled";
      periodStart: string;
      periodEnd: string;
      totalSpent: string;
      totalRevenue: string;
      totalProfit: string;
      /** @description Ratio, decimal with 4 places, e.g. "12.5000" */
      roi: string;
      commissionRate: string;
      amountDue: string;
      adjustments: string;
      paid: string;
      pending: string;
      overpaid: string;
      paidAt: string | null;
      teamLead: {
        id: string;
        name: string;
      } | null;
      payee: ({
        /** @enum {string} */
        method: "pix" | "bank" | "usdt";
        updatedAt: string;
        changedRecently: boolean;
      }) | null;
      explanation: components["schemas"]["CommissionExplanation"];
      /** @enum {string} */
      reconciliation: "not_uploaded" | "matched" | "open" | "resolved";
    };
    CommissionExplanation: {
      /** @enum {string} */
      model: "simple" | "tiered";
      settingsEffectiveFrom: string | null;
      roiThreshold: string;
      roiMet: boolean;
      minimumMonthlyRevenue: string | null;
      belowMinimum: boolean;
      tier: ({
        minRevenue: string;
        maxRevenue: string | null;
      }) | null;
      rate: string;
      commission: string;
    };
    PaymentTotals: {
      count: number;
      totalSpent: string;
      totalRevenue: string;
      totalProfit: string;
      /** @description Ratio, decimal with 4 places, e.g. "12.5000" */
      roi: string;
      amountDue: string;
      adjustments: string;
      paid: string;
      pending: string;
    };
    PaymentCard: {
      statementId: string;
      userId: string;
      name: string;
      email: string;
      /** @enum {string} */
      model: "simple" | "tiered";
      /** @enum {string} */
      status: "pending" | "processing" | "paid" | "cancelled";
      periodStart: string;
      periodEnd: string;
      totalSpent: string;
      totalRevenue: string;
      totalProfit: string;
      /** @description Ratio, decimal with 4 places, e.g. "12.5000" */
      roi: string;
      commissionRate: string;
      amountDue: string;
      adjustments: string;
      paid: string;
      pending: string;
      overpaid: string;
      paidAt: string | null;
    };
    PayoutInput: {
      /** @description Decimal amount with up to 2 places */
      amount: string;
      note?: string | null;
      closeEarly?: boolean;
    };
    AdjustmentInput: {
      /** @description Signed decimal amount with up to 2 places, not zero, e.g. "-150.50" */
      amount: string;
      reason: string;
    };
    ReverseBody: {
      reason: string;
    };
    PayoutPatch: {
      note?: string | null;
    };
    PaymentHistory: {
      items: components["schemas"]["Payout"][];
      total: number;
      page: number;
      pageSize: number;
      changes: components["schemas"]["PaymentStatusChange"][];
      adjustments: components["schemas"]["Adjustment"][];
    };
    Payout: {
      id: string;
      statementId: string;
      amount: string;
      paidAt: string;
      note: string | null;
      systemNote: components["schemas"]["SystemNote"];
      createdBy: {
        id: string;
        name: string;
      } | null;
      reversedAt: string | null;
      reversalReason: string | null;
      periodStart: string;
      periodEnd: string;
    };
    SystemNote: {
      /** @enum {string} */
      type: "payment_confirmed";
      /** Format: date */
      date: string;
    } | null;
    PaymentStatusChange: {
      id: string;
      action: string;
      /** @enum {string|null} */
      previousStatus: "pending" | "processing" | "paid" | "cancelled" | null;
      /** @enum {string} */
      newStatus: "pending" | "processing" | "paid" | "cancelled";
      note: string | null;
      systemNote: components["schemas"]["SystemNote"];
      changedBy: {
        id: string;
        name: string;
      } | null;
      createdAt: string;
    };
    Adjustment: {
      id: string;
      statementId: string;
      amount: string;
      reason: string;
      /** @enum {string} */
      kind: "manual" | "carry_out" | "carry_in";
      linkedMonth: string | null;
      createdBy: {
        id: string;
        name: string;
      } | null;
      createdAt: string;
    };
    MyPayment: {
      month: string;
      /** @enum {string} */
      status: "pending" | "processing" | "paid" | "cancelled";
      pending: string;
      nextExpectedDate: string | null;
      lastPaidAt: string | null;
    };
    MyStatements: {
      items: components["schemas"]["MyStatement"][];
    };
    MyStatement: {
      statementId: string;
      month: string;
      /** @enum {string} */
      status: "pending" | "processing" | "paid" | "cancelled";
      /** @enum {string} */
      model: "simple" | "tiered";
      totalRevenue: string;
      totalProfit: string;
      /** @description Ratio, decimal with 4 places, e.g. "12.5000" */
      roi: string;
      commissionRate: string;
      amountDue: string;
      adjustments: string;
      paid: string;
      pending: string;
      overpaid: string;
      paidAt: string | null;
      payouts: ({
          id: string;
          amount: string;
          paidAt: string;
          reversedAt: string | null;
          reversalReason: string | null;
        })[];
      adjustmentItems: components["schemas"]["Adjustment"][];
    };
    MyCommission: {
      month: string;
      /** @enum {string} */
      model: "simple" | "tiered";
      /** @enum {string} */
      status: "pending" | "processing" | "paid" | "cancelled";
      frozen: boolean;
      spent: string;
      revenue: string;
      profit: string;
      /** @description Ratio, decimal with 4 places, e.g. "12.5000" */
      roi: string;
      rate: string;
      commission: string;
      steps: ({
          /** @enum {string} */
          kind: "roi" | "revenue";
          target: string;
          missing: string;
          rateAfter: string;
        })[];
    };
    CommissionSettings: {
      userId: string;
      /** @enum {string} */
      modelType: "simple" | "tiered";
      baseCommissionRate: string;
      highRoiCommissionRate: string;
      roiThreshold: string;
      tieredRoiThreshold: string;
      minimumMonthlyRevenue: string;
      revenueTiers: ({
          minRevenue: string;
          maxRevenue: string | null;
          commissionBelowRoi: string;
          commissionAboveRoi: string;
        })[];
      saved: boolean;
      effectiveFrom: string | null;
      history: ({
          effectiveFrom: string | null;
          /** @enum {string} */
          modelType: "simple" | "tiered";
          baseCommissionRate: string;
          highRoiCommissionRate: string;
          roiThreshold: string;
          tieredRoiThreshold: string;
          minimumMonthlyRevenue: string;
          updatedBy: {
            id: string;
            name: string;
          } | null;
          updatedAt: string;
        })[];
    };
    CommissionSettingsInput: {
      /** @enum {string} */
      modelType: "simple" | "tiered";
      baseCommissionRate: string;
      highRoiCommissionRate: string;
      roiThreshold: string;
      tieredRoiThreshold: string;
      /** @description Decimal amount with up to 2 places, e.g. "125.50" */
      minimumMonthlyRevenue?: string;
      revenueTiers: ({
          /** @description Decimal amount with up to 2 places */
          minRevenue: string;
          /** @description Decimal amount with up to 2 places */
          maxRevenue: string | null;
          commissionBelowRoi: string;
          commissionAboveRoi: string;
        })[];
      /** @example 2026-11 */
      effectiveFrom?: string;
    };
    PaymentActionBody: {
      note?: string | null;
      closeEarly?: boolean;
      reconciliationReason?: string | null;
    };
    ReconciliationPreview: {
      statement: components["schemas"]["ReconciliationStatement"];
      total: number;
      page: number;
      pageSize: number;
      rows: components["schemas"]["ReconciliationRow"][];
    };
    ReconciliationStatement: {
      id: string;
      network: {
        id: string;
        name: string;
      };
      month: string;
      /** @enum {string} */
      status: "preview" | "committed";
      fileName: string;
      headers: string[];
      mapping: components["schemas"]["ReconciliationMapping"];
      counts: {
        matched: number;
        unmatched: number;
        error: number;
      };
      uploadedBy: {
        id: string;
        name: string;
      } | null;
      createdAt: string;
      committedAt: string | null;
      flagged: number;
      resolved: number;
    };
    ReconciliationMapping: {
      offer?: string | null;
      buyer?: string | null;
      date?: string | null;
      registrations?: string | null;
      deposits?: string | null;
      revenue?: string | null;
    };
    ReconciliationRow: {
      line: number;
      /** @enum {string} */
      status: "matched" | "unmatched" | "error";
      problems: ({
          /** @enum {string} */
          code: "missing_offer" | "unknown_offer" | "ambiguous_offer" | "unknown_buyer" | "ambiguous_buyer" | "bad_date" | "outside_month" | "negative_number" | "not_a_number" | "not_integer" | "too_many_decimals" | "too_large";
          /** @enum {string} */
          field?: "offer" | "buyer" | "date" | "registrations" | "deposits" | "revenue";
        })[];
      raw: {
        [key: string]: string;
      };
      offerReference: string | null;
      buyerReference: string | null;
      offer: {
        id: string;
        name: string;
      } | null;
      buyer: {
        id: string;
        name: string;
      } | null;
      date: string | null;
      registrations: number | null;
      deposits: number | null;
      revenue: string | null;
      revenueFromFile: boolean;
    };
    ReconciliationTolerance: {
      percent: string;
      amount: string;
    };
    ReconciliationList: {
      items: components["schemas"]["ReconciliationStatement"][];
    };
    ReconciliationAliasInput: {
      /** @enum {string} */
      kind: "offer" | "buyer";
      reference: string;
      targetId: string;
    };
    ReconciliationLines: {
      statement: components["schemas"]["ReconciliationStatement"];
      tolerance: {
        percent: string;
        amount: string;
      };
      items: components["schemas"]["ReconciliationLine"][];
    };
    ReconciliationLine: {
      offer: {
        id: string;
        name: string;
      };
      buyer: {
        id: string;
        name: string;
      } | null;
      logged: {
        registrations: number;
        deposits: number;
        revenue: string;
      };
      reported: {
        registrations: number;
        deposits: number;
        revenue: string;
      };
      difference: {
        deposits: number;
        revenue: string;
        percent: string | null;
      };
      flagged: boolean;
      resolution: ({
        id: string;
        /** @enum {string} */
        kind: "accepted" | "adjusted";
        note: string;
        createdBy: {
          id: string;
          name: string;
        } | null;
        createdAt: string;
        adjustments: {
            userId: string;
            name: string;
            amount: string;
          }[];
      }) | null;
    };
    ReconciliationLineDays: {
      items: {
          buyer: {
            id: string;
            name: string;
          };
          date: string;
          registrations: number;
          deposits: number;
          revenue: string;
        }[];
    };
    ReconciliationAdjustmentProposal: {
      revenueDifference: string;
      items: ({
          buyer: {
            id: string;
            name: string;
          };
          /** @enum {string|null} */
          statementStatus: "pending" | "processing" | "paid" | "cancelled" | null;
          loggedDeposits: number;
          revenueDelta: string;
          commissionBefore: string;
          commissionAfter: string;
          amount: string;
        })[];
    };
    ReconciliationResolveLine: OneOf<[{
      /** @enum {string} */
      kind: "accepted";
      /** Format: uuid */
      offerId: string;
      userId?: string | null;
      note: string;
    }, {
      /** @enum {string} */
      kind: "adjusted";
      /** Format: uuid */
      offerId: string;
      userId?: string | null;
      note: string;
      adjustments: {
          userId: string;
          /** @description Signed decimal amount with up to 2 places, not zero, e.g. "-150.50" */
          amount: string;
        }[];
    }]>;
    PayeeAnswer: {
      payee: components["schemas"]["Payee"];
    };
    Payee: OneOf<[{
      /** @enum {string} */
      method: "pix";
      /** @enum {string} */
      pixKeyType: "cpf" | "cnpj" | "email" | "phone" | "random";
      pixKey: string;
      updatedAt: string;
      updatedBy: {
        id: string;
        name: string;
      } | null;
    }, {
      /** @enum {string} */
      method: "bank";
      bankCode: string;
      bankBranch: string;
      bankAccount: string;
      /** @enum {string} */
      bankAccountType: "checking" | "savings";
      holderName: string;
      holderDocument: string;
      updatedAt: string;
      updatedBy: {
        id: string;
        name: string;
      } | null;
    }, {
      /** @enum {string} */
      method: "usdt";
      usdtAddress: string;
      updatedAt: string;
      updatedBy: {
        id: string;
        name: string;
      } | null;
    }, null]>;
    PayeeInput: OneOf<[{
      /** @enum {string} */
      method: "pix";
      /** @enum {string} */
      pixKeyType: "cpf" | "cnpj" | "email" | "phone" | "random";
      pixKey?: string;
    }, {
      /** @enum {string} */
      method: "bank";
      bankCode: string;
      bankBranch: string;
      bankAccount: string;
      /** @enum {string} */
      bankAccountType: "checking" | "savings";
      holderName: string;
      holderDocument: string;
    }, {
      /** @enum {string} */
      method: "usdt";
      usdtAddress: string;
    }]>;
    Dashboard: {
      from: string | null;
      to: string;
      totals: components["schemas"]["Metrics"];
      byOffer: components["schemas"]["OfferBreakdown"][];
      byUser: components["schemas"]["UserBreakdown"][];
    };
    OfferBreakdown: {
      /** @description Decimal amount, 2 places */
      spent: string;
      /** @description Decimal amount, 2 places */
      revenue: string;
      /** @description Decimal amount, 2 places */
      profit: string;
      /**
       * @description Ratio, decimal with 4 places, e.g. "12.5000"
       * @example 12.5000
       */
      roi: string;
      deposits: number;
      campaigns: number;
      offerId: string | null;
      offerName: string | null;
      casinoBrand: string | null;
    };
    UserBreakdown: {
      /** @description Decimal amount, 2 places */
      spent: string;
      /** @description Decimal amount, 2 places */
      revenue: string;
      /** @description Decimal amount, 2 places */
      profit: string;
      /**
       * @description Ratio, decimal with 4 places, e.g. "12.5000"
       * @example 12.5000
       */
      roi: string;
      deposits: number;
      campaigns: number;
      userId: string;
      name: string;
      email: string;
    };
    FinancialAnalytics: {
      from: string | null;
      to: string;
      totals: components["schemas"]["Metrics"];
      previous: {
        /** @description Decimal amount, 2 places */
        spent: string;
        /** @description Decimal amount, 2 places */
        revenue: string;
        /** @description Decimal amount, 2 places */
        profit: string;
        /**
         * @description Ratio, decimal with 4 places, e.g. "12.5000"
         * @example 12.5000
         */
        roi: string;
        /**
         * @description Ratio, decimal with 4 places, e.g. "12.5000"
         * @example 12.5000
         */
        epc: string;
        clicks: number;
        installations: number;
        registrations: number;
        deposits: number;
        campaigns: number;
        /**
         * @description Ratio, decimal with 4 places, e.g. "12.5000"
         * @example 12.5000
         */
        clickToInstall: string;
        /**
         * @description Ratio, decimal with 4 places, e.g. "12.5000"
         * @example 12.5000
         */
        installToRegistration: string;
        /**
         * @description Ratio, decimal with 4 places, e.g. "12.5000"
         * @example 12.5000
         */
        registrationToDeposit: string;
        /**
         * @description Ratio, decimal with 4 places, e.g. "12.5000"
         * @example 12.5000
         */
        costPerClick: string;
        /**
         * @description Ratio, decimal with 4 places, e.g. "12.5000"
         * @example 12.5000
         */
        costPerInstall: string;
        /**
         * @description Ratio, decimal with 4 places, e.g. "12.5000"
         * @example 12.5000
         */
        costPerRegistration: string;
        /**
         * @description Ratio, decimal with 4 places, e.g. "12.5000"
         * @example 12.5000
         */
        costPerDeposit: string;
        from: string;
        to: string;
      };
      current: {
        /** @description Decimal amount, 2 places */
        spent: string;
        /** @description Decimal amount, 2 places */
        revenue: string;
        /** @description Decimal amount, 2 places */
        profit: string;
        /**
         * @description Ratio, decimal with 4 places, e.g. "12.5000"
         * @example 12.5000
         */
        roi: string;
        /**
         * @description Ratio, decimal with 4 places, e.g. "12.5000"
         * @example 12.5000
         */
        epc: string;
        clicks: number;
        installations: number;
        registrations: number;
        deposits: number;
        campaigns: number;
        /**
         * @description Ratio, decimal with 4 places, e.g. "12.5000"
         * @example 12.5000
         */
        clickToInstall: string;
        /**
         * @description Ratio, decimal with 4 places, e.g. "12.5000"
         * @example 12.5000
         */
        installToRegistration: string;
        /**
         * @description Ratio, decimal with 4 places, e.g. "12.5000"
         * @example 12.5000
         */
        registrationToDeposit: string;
        /**
         * @description Ratio, decimal with 4 places, e.g. "12.5000"
         * @example 12.5000
         */
        costPerClick: string;
        /**
         * @description Ratio, decimal with 4 places, e.g. "12.5000"
         * @example 12.5000
         */
        costPerInstall: string;
        /**
         * @description Ratio, decimal with 4 places, e.g. "12.5000"
         * @example 12.5000
         */
        costPerRegistration: string;
        /**
         * @description Ratio, decimal with 4 places, e.g. "12.5000"
         * @example 12.5000
         */
        costPerDeposit: string;
        from: string;
        to: string;
      };
      /** @description Ratio, decimal with 4 places, e.g. "12.5000" */
      revenueGrowth: string | null;
      totalUsers: number;
      activeUsers: number;
      topUsers: components["schemas"]["UserBreakdown"][];
      topOffers: components["schemas"]["OfferBreakdown"][];
    };
    FinancialUser: {
      id: string;
      name: string;
      email: string;
      /** @enum {string} */
      role: "user" | "manager" | "financial" | "admin";
      createdAt: string;
      deactivatedAt: string | null;
      campaigns: number;
      spent: string;
      revenue: string;
      profit: string;
      lastCampaignDate: string | null;
    };
    UserStats: {
      user: {
        id: string;
        name: string;
        email: string;
        /** @enum {string} */
        role: "user" | "manager" | "financial" | "admin";
        createdAt: string;
      };
      from: string | null;
      to: string;
      totals: components["schemas"]["Metrics"];
    };
    Pivot: {
      groupBy: ("buyer" | "team" | "offer" | "brand" | "day" | "week" | "month")[];
      columns: ("spent" | "revenue" | "profit" | "roi" | "epc" | "clicks" | "installations" | "registrations" | "deposits" | "campaigns" | "clickToInstall" | "installToRegistration" | "registrationToDeposit" | "costPerClick" | "costPerInstall" | "costPerRegistration" | "costPerDeposit")[];
      from: string | null;
      to: string;
      previous: {
        from: string;
        to: string;
      } | null;
      rows: components["schemas"]["PivotRow"][];
      totals: {
        current: components["schemas"]["Metrics"];
        previous: components["schemas"]["Metrics"] & (Record<string, never> | null);
      };
      rowCount: number;
      page: number;
      pageSize: number;
    };
    PivotRow: {
      keys: components["schemas"]["PivotKey"][];
      current: components["schemas"]["Metrics"];
      previous: components["schemas"]["Metrics"] & (Record<string, never> | null);
    };
    PivotKey: {
      value: string | null;
      label: string | null;
    };
    SavedReport: {
      id: string;
      name: string;
      query: string;
      createdAt: string;
      updatedAt: string;
    };
    TeamBuyers: {
      from: string | null;
      to: string;
      previous: {
        from: string;
        to: string;
      } | null;
      yesterday: string;
      buyers: components["schemas"]["TeamBuyer"][];
    };
    TeamBuyer: {
      id: string;
      name: string;
      email: string;
      leadId: string | null;
      leadName: string | null;
      current: components["schemas"]["TeamFigures"];
      previous: components["schemas"]["TeamFigures"] & (Record<string, never> | null);
      changes: components["schemas"]["TeamChanges"];
      /** @description Decimal amount, 2 places */
      commissionThisMonth: string;
      lastLoggedOn: string | null;
      missedYesterday: boolean;
      remindedYesterday: boolean;
    };
    TeamFigures: {
      /** @description Decimal amount, 2 places */
      spent: string;
      /** @description Decimal amount, 2 places */
      revenue: string;
      /** @description Decimal amount, 2 places */
      profit: string;
      /**
       * @description Ratio, decimal with 4 places, e.g. "12.5000"
       * @example 12.5000
       */
      roi: string;
      /**
       * @description Ratio, decimal with 4 places, e.g. "12.5000"
       * @example 12.5000
       */
      epc: string;
      deposits: number;
      campaigns: number;
    };
    TeamChanges: {
      /**
       * @description Ratio, decimal with 4 places, e.g. "12.5000"
       * @example 12.5000
       */
      spent: string | null;
      /**
       * @description Ratio, decimal with 4 places, e.g. "12.5000"
       * @example 12.5000
       */
      revenue: string | null;
      /**
       * @description Ratio, decimal with 4 places, e.g. "12.5000"
       * @example 12.5000
       */
      profit: string | null;
      /**
       * @description Ratio, decimal with 4 places, e.g. "12.5000"
       * @example 12.5000
       */
      deposits: string | null;
      /**
       * @description Ratio, decimal with 4 places, e.g. "12.5000"
       * @example 12.5000
       */
      campaigns: string | null;
    };
    User: {
      id: string;
      name: string;
      email: string;
      /** @enum {string} */
      role: "user" | "manager" | "financial" | "admin";
      managerId: string | null;
      manager: {
        id: string;
        name: string;
      } | null;
      language: string | null;
      createdAt: string;
      deactivatedAt: string | null;
      /** @description Whether the user signs in with a second factor; null unless the viewer manages users */
      twoFactorEnabled: boolean | null;
    };
    UserCreated: {
      user: components["schemas"]["User"];
      setPasswordUrl?: string;
      invitation?: {
        delivered: boolean;
        /** @enum {string} */
        transport: "smtp" | "outbox" | "memory";
      };
    };
    UserCreate: {
      email: string;
      name: string;
      /**
       * @default user
       * @enum {string}
       */
      role?: "user" | "manager" | "financial" | "admin";
      managerId?: string | null;
    };
    UserPatch: {
      name?: string;
      /** @enum {string} */
      role?: "user" | "manager" | "financial" | "admin";
      managerId?: string | null;
    };
    FxRates: {
      /** @enum {string} */
      reportingCurrency: "USD" | "BRL";
      days: components["schemas"]["FxRateDay"][];
      /** @description Days without their own rate */
      gaps: number;
      /** @description Days without any rate on or before them */
      missing: number;
    };
    FxRateDay: {
      date: string;
      /** @description The rate the day uses; null: no rate on or before it */
      rate: string | null;
      /** @description The day has its own rate (false: a gap) */
      own: boolean;
      /** @description A gap: the earlier day whose rate it uses (null: none) */
      from?: string | null;
    };
    FxRatesSaved: {
      /** @description Rates written (new or changed) */
      saved: number;
      unchanged: number;
      /** @description Campaign rows converted again at the new rates */
      converted: number;
      /** @description Import: lines that were not read */
      problems?: {
          line: number;
          code: string;
        }[];
    };
    FxRatesInput: {
      rates: {
          /**
           * Format: date
           * @example 2026-11-21
           */
          date: string;
          /**
           * @description BRL per USD, up to 6 decimals
           * @example 5.4321
           */
          rate: string;
        }[];
    };
    FxRatesFetchInput: {
      /**
       * Format: date
       * @example 2026-11-21
       */
      from: string;
      /**
       * Format: date
       * @example 2026-11-21
       */
      to: string;
    };
    WorkspaceSettings: {
      /** @enum {string} */
      reportingCurrency: "USD" | "BRL";
      /** @enum {string} */
      defaultLanguage: "pt-BR" | "en" | "ru";
      timezone: string;
      notifications: {
        email: boolean;
        daily: boolean;
        weekly: boolean;
        monthly: boolean;
      };
      /** @enum {string} */
      backupFrequency: "daily" | "weekly" | "monthly";
      retentionDays: number;
      twoFactorRequiredRoles: ("admin" | "financial")[];
      remindMissingDays: boolean;
      updatedAt: string | null;
    };
    WorkspaceSettingsInput: {
      /** @enum {string} */
      reportingCurrency: "USD" | "BRL";
      /** @enum {string} */
      defaultLanguage: "pt-BR" | "en" | "ru";
      timezone: string;
      notifications: {
        email: boolean;
        daily: boolean;
        weekly: boolean;
        monthly: boolean;
      };
      /** @enum {string} */
      backupFrequency: "daily" | "weekly" | "monthly";
      /** @description Days to keep backups */
      retentionDays: number;
      twoFactorRequiredRoles?: ("admin" | "financial")[];
      remindMissingDays?: boolean;
    };
    TestReportResult: {
      /** @description Active admins and financial users */
      recipients: number;
      sent: number;
      failed: number;
      /** @description SMTP_URL is unset: the mails were written to DATA_DIR/outbox */
      outbox: boolean;
    };
    TestReportInput: {
      /**
       * Format: uuid
       * @description One per press of the button: the same key is sent once, however often it arrives (job_runs claim).
       */
      key: string;
    };
    Backup: {
      id: string;
      startedAt: string;
      finishedAt: string | null;
      /** @enum {string} */
      status: "running" | "success" | "failed";
      /** @enum {string} */
      trigger: "manual" | "scheduled" | "cli";
      databaseKind: string;
      fileName: string | null;
      sizeBytes: number | null;
      durationMs: number | null;
      reason: string | null;
    };
    ApiToken: {
      id: string;
      name: string;
      prefix: string;
      lastUsedAt: string | null;
      expiresAt: string | null;
      revokedAt: string | null;
      fullAccess: boolean;
      createdAt: string;
    };
    CreatedApiToken: {
      id: string;
      name: string;
      prefix: string;
      lastUsedAt: string | null;
      expiresAt: string | null;
      revokedAt: string | null;
      fullAccess: boolean;
      createdAt: string;
      /** @description The secret, shown only in this answer */
      token: string;
    };
    ApiTokenInput: {
      name: string;
      /** @default 90 */
      expiresInDays?: number | string;
      fullAccess?: boolean;
    };
    AuditPage: {
      items: components["schemas"]["AuditEvent"][];
      /** @description Pass as cursor for the next page */
      nextCursor: number | null;
    };
    AuditEvent: {
      id: number;
      createdAt: string;
      /** @enum {string} */
      action: "auth.sign_in" | "auth.sign_out" | "auth.password_reset_requested" | "auth.password_reset" | "auth.password_changed" | "auth.two_factor_enabled" | "auth.two_factor_disabled" | "auth.backup_codes_regenerated" | "auth.sessions_revoked" | "user.created" | "user.updated" | "user.role_changed" | "user.team_changed" | "user.deactivated" | "user.reactivated" | "user.deleted" | "user.password_set" | "offer.created" | "offer.updated" | "offer.deleted" | "offer.archived" | "offer.restored" | "campaigns.imported" | "settings.updated" | "backup.created" | "backup.deleted" | "report.test_sent" | "token.created" | "token.revoked" | "postback_key.created" | "postback_key.revoked" | "commission_settings.updated" | "payment.processed" | "payment.rejected" | "payment.reopened" | "payment.confirmed" | "payment.payout_registered" | "payment.payout_edited" | "payment.payout_reversed" | "payment.adjusted" | "payment.overpayment_carried" | "payee.updated" | "fx_rates.updated" | "reconciliation.committed" | "reconciliation.mapped" | "reconciliation.accepted" | "reconciliation.adjusted" | "reconciliation.tolerance_updated" | "access.denied";
      /** @enum {string} */
      outcome: "success" | "failure";
      /** @description Who did it; null for an anonymous call */
      actor: ({
        id: string | null;
        email: string | null;
        name: string | null;
      }) | null;
      target: {
        type: string;
        id: string;
      } | null;
      /** @description The user the event is about, when that is not the actor */
      subject: ({
        id: string;
        name: string | null;
        email: string | null;
      }) | null;
      ipAddress: string | null;
      userAgent: string | null;
      /** @description Old and new values, a reason, the refused call; never a secret */
      details: {
        [key: string]: unknown;
      };
    };
    PostbackKey: {
      id: string;
      label: string;
      token: string;
      /** @enum {string} */
      preset: "generic" | "keitaro" | "binom";
      params: {
        event: string;
        amount: string;
        currency: string;
        tid: string;
        date: string;
        offer: string;
        buyer: string;
      };
      events: {
        [key: string]: "registration" | "deposit" | "install" | "click";
      };
      user: {
        id: string;
        name: string;
        email: string;
      } | null;
      offer: ({
        id: string;
        name: string;
        code: string | null;
      }) | null;
      revokedAt: string | null;
      createdAt: string;
    };
    PostbackKeyInput: {
      label: string;
      /** Format: uuid */
      offerId?: string;
      /**
       * @default generic
       * @enum {string}
       */
      preset?: "generic" | "keitaro" | "binom";
      /** @default {} */
      params?: {
        event?: string;
        amount?: string;
        currency?: string;
        tid?: string;
        date?: string;
        offer?: string;
        buyer?: string;
      };
      events?: {
        [key: string]: "registration" | "deposit" | "install" | "click";
      };
    };
    PostbackLogPage: {
      items: components["schemas"]["PostbackLogEntry"][];
      total: number;
    };
    PostbackLogEntry: {
      id: number;
      keyId: string;
      keyLabel: string;
      /** @enum {string} */
      outcome: "counted" | "duplicate" | "refused";
      reason: string | null;
      status: number;
      event: string | null;
      tid: string | null;
      date: string | null;
      amount: string | null;
      user: {
        id: string;
        name: string;
      } | null;
      offer: {
        id: string;
        name: string;
      } | null;
      params: {
        [key: string]: string;
      };
      receivedAt: string;
    };
    PostbackAnswer: {
      /** @enum {string} */
      outcome: "counted" | "duplicate" | "refused";
      date?: string;
    };
  };
  responses: never;
  parameters: {
  };
  requestBodies: never;
  headers: never;
  pathItems: never;
}

export type $defs = Record<string, never>;

export type external = Record<string, never>;

export interface operations {

  /** Liveness and database reachability (for load balancers) */
  getHealth: {
    responses: {
      /** @description The server and its database answer */
      200: {
        content: {
          "application/json": components["schemas"]["Health"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The database does not answer */
      503: {
        content: {
          "application/json": components["schemas"]["Health"];
        };
      };
    };
  };
  /** Public configuration: human verification and the workspace settings every screen needs (language, time zone, currency) */
  getPublicConfig: {
    responses: {
      /** @description Configuration */
      200: {
        content: {
          "application/json": components["schemas"]["PublicConfig"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** A fresh ALTCHA proof-of-work challenge (only when CAPTCHA_PROVIDER=altcha) */
  getCaptchaChallenge: {
    responses: {
      /** @description Challenge for the ALTCHA widget */
      200: {
        content: {
          "application/json": components["schemas"]["AltchaChallenge"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Whether a password-reset (or invitation) token exists and has not expired */
  validatePasswordResetToken: {
    parameters: {
      query?: {
        token?: string;
      };
    };
    responses: {
      /** @description Validity */
      200: {
        content: {
          "application/json": components["schemas"]["ResetTokenValidity"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** The signed-in user */
  getMe: {
    responses: {
      /** @description The signed-in user */
      200: {
        content: {
          "application/json": components["schemas"]["Me"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Keep the signed-in user's language and ad account currency in their profile */
  updateMe: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["UpdateMe"];
      };
    };
    responses: {
      /** @description The updated profile */
      200: {
        content: {
          "application/json": components["schemas"]["Me"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The request body is too large */
      413: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** The signed-in user, or null when there is no session */
  getSession: {
    responses: {
      /** @description The session's user, or null */
      200: {
        content: {
          "application/json": components["schemas"]["CurrentSession"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** The signed-in user's active sessions, this one first (device, address, signed in, last active) */
  listMySessions: {
    responses: {
      /** @description Sessions */
      200: {
        content: {
          "application/json": components["schemas"]["Session"][];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** End one of the signed-in user's other sessions (422 cannot_end_current_session for this one) */
  revokeMySession: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      /** @description Ended */
      204: {
        content: never;
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** End every session of the signed-in user except this one */
  revokeMyOtherSessions: {
    responses: {
      /** @description How many ended */
      200: {
        content: {
          "application/json": components["schemas"]["SessionsRevoked"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Campaigns the viewer may see, filtered, sorted and paginated */
  listCampaigns: {
    parameters: {
      query?: {
        from?: string;
        to?: string;
        offerId?: string;
        creatorId?: string;
        q?: string;
        sort?: "date" | "spent" | "revenue" | "profit" | "roi" | "epc";
        order?: "asc" | "desc";
        page?: number;
        pageSize?: number;
      };
    };
    responses: {
      /** @description One page of campaigns */
      200: {
        content: {
          "application/json": components["schemas"]["CampaignPage"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /**
   * Log a day's results for an offer visible to the buyer
   * @description 409 month_closed (field date) when the buyer's statement for that month has closed it. 400 future_date for a day after today in the workspace time zone. 422 needs_confirmation (error.warnings) when the funnel runs backwards or a value is above 10× the buyer's median for the offer: send acknowledgeWarnings: true to save anyway. 409 day_already_logged (field date, existingId) when the buyer already has an entry for that offer and day: edit that entry instead.
   */
  createCampaign: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["CampaignCreate"];
      };
    };
    responses: {
      /** @description The saved campaign */
      201: {
        content: {
          "application/json": components["schemas"]["Campaign"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The request body is too large */
      413: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /**
   * The same filters as the list, as a streamed CSV file (UTF-8 with BOM, newest first)
   * @description In the reader's dialect (lang, else the profile's language, else X-Language): pt-BR and ru ';' and decimal comma, en ',' and point, or the one dialect asks for. The file is named by the period and the filters (offer, buyer, search).
   */
  exportCampaignsCsv: {
    parameters: {
      query?: {
        from?: string;
        to?: string;
        offerId?: string;
        creatorId?: string;
        q?: string;
        lang?: "pt-BR" | "en" | "ru";
        dialect?: "semicolon" | "comma";
      };
    };
    responses: {
      /** @description RFC 4180 CSV */
      200: {
        content: {
          "text/csv": string;
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** One campaign within the viewer's scope */
  getCampaign: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      /** @description The campaign */
      200: {
        content: {
          "application/json": components["schemas"]["Campaign"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /**
   * Delete one's own campaign (admins: any)
   * @description 409 month_closed when the creator's statement for its month has closed it.
   */
  deleteCampaign: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      /** @description Deleted */
      204: {
        content: never;
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /**
   * Change one's own campaign (admins: any)
   * @description 409 month_closed when the month of the saved date or of the new one is closed by the creator's statement (field date when the new date is the closed one). 400 future_date for a new date after today; 422 needs_confirmation (error.warnings) for the edited row's guardrail warnings unless acknowledgeWarnings: true. 409 day_already_logged (field date or offerId, existingId) when the new date or offer meets another entry of the creator's for that day.
   */
  updateCampaign: {
    parameters: {
      path: {
        id: string;
      };
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CampaignPatch"];
      };
    };
    responses: {
      /** @description The updated campaign */
      200: {
        content: {
          "application/json": components["schemas"]["Campaign"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The request body is too large */
      413: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Read a file of daily results and show every row as it will be saved, with its problems */
  previewImport: {
    requestBody: {
      content: {
        "multipart/form-data": {
          /**
           * Format: binary
           * @description CSV (comma, semicolon or tab; up to 100 MB and 50,000 rows) or XLSX (up to 25 MB)
           */
          file: Blob;
          /** @description JSON field → header, e.g. {"date":"Dia","spent":"Custo"}; absent: guessed */
          mapping?: string;
          /** @description Admins: import for this buyer */
          userId?: string;
        };
      };
    };
    responses: {
      /** @description The first page of the preview and its token */
      200: {
        content: {
          "application/json": components["schemas"]["ImportPreview"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The file is too large */
      413: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Another page of a preview, optionally only rows of one status */
  getImportPreview: {
    parameters: {
      query?: {
        page?: number;
        pageSize?: number;
        status?: "all" | "ok" | "duplicate" | "error";
      };
      path: {
        token: string;
      };
    };
    responses: {
      /** @description One page of the preview */
      200: {
        content: {
          "application/json": components["schemas"]["ImportPreview"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /**
   * Log up to 1,000 days at once, all or nothing (duplicate days skipped or replaced)
   * @description For tracker scripts with a personal API token. The same rules as the import: every row is validated like POST /api/campaigns, a day already logged for the offer is skipped or replaced, two rows for one offer and day are refused, and one row dated in a month the buyer's statement has closed refuses the whole batch (409 month_closed, fields rows.<i>.date). A row dated after today answers 400 future_date (rows.<i>.date); guardrail warnings answer 422 needs_confirmation (error.warnings, row = index) unless acknowledgeWarnings is true. Send an Idempotency-Key to retry safely: the same key and body answer the stored result (header Idempotent-Replayed: true) without saving again.
   */
  createCampaignBatch: {
    parameters: {
      header?: {
        /** @description Any unique string per batch */
        "idempotency-key"?: string;
      };
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CampaignBatch"];
      };
    };
    responses: {
      /** @description How many rows were added, replaced and skipped */
      200: {
        content: {
          "application/json": components["schemas"]["ImportResult"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The request body is too large */
      413: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /**
   * Save the accepted rows of a preview in one transaction (duplicates skipped or replaced)
   * @description Rows the preview marked as errors (month_closed and future_date among them) are skipped. A month closed since the preview refuses the whole commit with 409 month_closed: preview the file again. While rows to be written carry guardrail warnings (ImportRow.warnings), the commit answers 422 needs_confirmation (error.warnings) unless acknowledgeWarnings is true.
   */
  importCampaigns: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["ImportCommit"];
      };
    };
    responses: {
      /** @description How many rows were added, replaced and skipped */
      200: {
        content: {
          "application/json": components["schemas"]["ImportResult"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The request body is too large */
      413: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Today, last 7 days, last 30 days and all time for the viewer's scope (workspace time zone) */
  getMetricsSummary: {
    parameters: {
      query?: {
        userId?: string;
      };
    };
    responses: {
      /** @description The four periods */
      200: {
        content: {
          "application/json": components["schemas"]["MetricsSummary"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Totals, a daily series and breakdowns by offer and user, for the viewer's scope */
  getAnalytics: {
    parameters: {
      query?: {
        from?: string;
        to?: string;
        offerId?: string;
        userId?: string;
        minRoi?: number | null;
        maxRoi?: number | null;
      };
    };
    responses: {
      /** @description Aggregates */
      200: {
        content: {
          "application/json": components["schemas"]["Analytics"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Offers the viewer may see, newest first (buyers: visible to all or assigned to them); open ones unless status says archived or all */
  listOffers: {
    parameters: {
      query?: {
        status?: "active" | "archived" | "all";
      };
    };
    responses: {
      /** @description Offers */
      200: {
        content: {
          "application/json": components["schemas"]["Offer"][];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Create an offer (admins); notifies every buyer who can see it */
  createOffer: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["OfferInput"];
      };
    };
    responses: {
      /** @description The created offer */
      201: {
        content: {
          "application/json": components["schemas"]["Offer"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The request body is too large */
      413: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** One offer the viewer may see */
  getOffer: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      /** @description The offer */
      200: {
        content: {
          "application/json": components["schemas"]["Offer"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Delete an offer no campaign uses (admins); one in use answers 409 offer_in_use: archive it */
  deleteOffer: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      /** @description Deleted */
      204: {
        content: never;
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Change an offer (admins); buyers who can newly see it are notified */
  updateOffer: {
    parameters: {
      path: {
        id: string;
      };
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["OfferPatch"];
      };
    };
    responses: {
      /** @description The updated offer */
      200: {
        content: {
          "application/json": components["schemas"]["Offer"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The request body is too large */
      413: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Archive an offer (admins): no new entries for it; reports and history keep it */
  archiveOffer: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      /** @description The archived offer */
      200: {
        content: {
          "application/json": components["schemas"]["Offer"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Restore an archived offer (admins): it takes new entries again */
  restoreOffer: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      /** @description The restored offer */
      200: {
        content: {
          "application/json": components["schemas"]["Offer"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Own notes (buyers, team leads) or every note (admins) */
  listNotes: {
    responses: {
      /** @description Notes, newest first */
      200: {
        content: {
          "application/json": components["schemas"]["Note"][];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** One user's notes (admins, or the user themself) */
  listUserNotes: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      /** @description Notes, newest first */
      200: {
        content: {
          "application/json": components["schemas"]["Note"][];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Add a note to a user (admins) */
  createUserNote: {
    parameters: {
      path: {
        id: string;
      };
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["NoteInput"];
      };
    };
    responses: {
      /** @description The note */
      201: {
        content: {
          "application/json": components["schemas"]["Note"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The request body is too large */
      413: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Delete a note (admins) */
  deleteNote: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      /** @description Deleted */
      204: {
        content: never;
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Change a note (admins) */
  updateNote: {
    parameters: {
      path: {
        id: string;
      };
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["NoteInput"];
      };
    };
    responses: {
      /** @description The note */
      200: {
        content: {
          "application/json": components["schemas"]["Note"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The request body is too large */
      413: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Own requests (buyers, team leads) or all (admins), newest first */
  listCreativeRequests: {
    responses: {
      /** @description Requests */
      200: {
        content: {
          "application/json": components["schemas"]["CreativeRequest"][];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** File a creative request; every admin is notified */
  createCreativeRequest: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["CreativeRequestInput"];
      };
    };
    responses: {
      /** @description The request */
      201: {
        content: {
          "application/json": components["schemas"]["CreativeRequest"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The request body is too large */
      413: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Set a request's status and notes (admins); the requester is notified of a new status */
  updateCreativeRequest: {
    parameters: {
      path: {
        id: string;
      };
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CreativeRequestPatch"];
      };
    };
    responses: {
      /** @description The request */
      200: {
        content: {
          "application/json": components["schemas"]["CreativeRequest"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The request body is too large */
      413: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** The viewer's latest notifications and the unread count */
  listNotifications: {
    parameters: {
      query?: {
        limit?: number;
      };
    };
    responses: {
      /** @description Notifications */
      200: {
        content: {
          "application/json": components["schemas"]["NotificationList"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Mark all of the viewer's notifications read */
  markAllNotificationsRead: {
    responses: {
      /** @description Marked */
      204: {
        content: never;
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Mark one of the viewer's notifications read */
  markNotificationRead: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      /** @description Marked */
      204: {
        content: never;
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Server-Sent Events: `notification` events as they are written (send Last-Event-ID to catch up after a reconnect), and `refresh` events when the viewer's campaign figures changed (postbacks; at most about one a second) */
  streamNotifications: {
    responses: {
      /** @description An event stream */
      200: {
        content: {
          "text/event-stream": string;
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Load a month: create missing statements, refresh pending ones, carry overpayments in; the rows the filters keep and their totals */
  listPayments: {
    parameters: {
      query: {
        month: string;
        status?: "pending" | "processing" | "paid" | "cancelled";
        teamLeadId?: string;
        pendingOnly?: "0" | "1" | "true" | "false";
      };
    };
    responses: {
      /** @description The month */
      200: {
        content: {
          "application/json": components["schemas"]["PaymentMonth"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Register a payment of 0 < amount ≤ pending; the statement is paid when nothing is left (closeEarly before the month ends) */
  createPayout: {
    parameters: {
      path: {
        statementId: string;
      };
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PayoutInput"];
      };
    };
    responses: {
      /** @description The statement after the action */
      201: {
        content: {
          "application/json": components["schemas"]["PaymentCard"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The request body is too large */
      413: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Adjust what a statement owes: + bonus, − clawback, with a reason; an overpayment moves to the next month */
  createAdjustment: {
    parameters: {
      path: {
        statementId: string;
      };
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["AdjustmentInput"];
      };
    };
    responses: {
      /** @description The statement after the action */
      201: {
        content: {
          "application/json": components["schemas"]["PaymentCard"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The request body is too large */
      413: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Reverse any payment of a statement that is not cancelled (reason required); a paid statement returns to pending */
  reversePayout: {
    parameters: {
      path: {
        id: string;
      };
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["ReverseBody"];
      };
    };
    responses: {
      /** @description The statement after the action */
      200: {
        content: {
          "application/json": components["schemas"]["PaymentCard"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The request body is too large */
      413: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Change a payment's note; its amount never changes (reverse it instead) */
  updatePayout: {
    parameters: {
      path: {
        id: string;
      };
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PayoutPatch"];
      };
    };
    responses: {
      /** @description The statement after the action */
      200: {
        content: {
          "application/json": components["schemas"]["PaymentCard"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The request body is too large */
      413: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** A statement's payments (10 per page), every status change and every adjustment */
  getStatementHistory: {
    parameters: {
      query?: {
        page?: number;
      };
      path: {
        statementId: string;
      };
    };
    responses: {
      /** @description History */
      200: {
        content: {
          "application/json": components["schemas"]["PaymentHistory"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** The buyer's own current month: status, pending amount (0 when paid), next expected payment date */
  getMyPayment: {
    responses: {
      /** @description The badge */
      200: {
        content: {
          "application/json": components["schemas"]["MyPayment"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** The buyer's own statements, newest month first, with payouts, reversals and adjustments */
  listMyPayments: {
    responses: {
      /** @description The buyer's statements */
      200: {
        content: {
          "application/json": components["schemas"]["MyStatements"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** The buyer's commission this month under their model, and the ROI or revenue still missing for a higher rate */
  getMyCommission: {
    responses: {
      /** @description The commission card */
      200: {
        content: {
          "application/json": components["schemas"]["MyCommission"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** The commission settings in effect for a month (default the current one) and every saved version */
  getCommissionSettings: {
    parameters: {
      query?: {
        month?: string;
      };
      path: {
        userId: string;
      };
    };
    responses: {
      /** @description Settings */
      200: {
        content: {
          "application/json": components["schemas"]["CommissionSettings"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Save a buyer's commission model from a month on (default the current one); refused when that month or a later one is closed */
  setCommissionSettings: {
    parameters: {
      path: {
        userId: string;
      };
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CommissionSettingsInput"];
      };
    };
    responses: {
      /** @description Settings */
      200: {
        content: {
          "application/json": components["schemas"]["CommissionSettings"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The request body is too large */
      413: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Processar: pending → processing (closeEarly before the month ends) */
  processStatement: {
    parameters: {
      path: {
        statementId: string;
      };
    };
    requestBody?: {
      content: {
        "application/json": components["schemas"]["PaymentActionBody"];
      };
    };
    responses: {
      /** @description The statement after the action */
      200: {
        content: {
          "application/json": components["schemas"]["PaymentCard"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The request body is too large */
      413: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Rejeitar: pending or processing → cancelled */
  rejectStatement: {
    parameters: {
      path: {
        statementId: string;
      };
    };
    requestBody?: {
      content: {
        "application/json": components["schemas"]["PaymentActionBody"];
      };
    };
    responses: {
      /** @description The statement after the action */
      200: {
        content: {
          "application/json": components["schemas"]["PaymentCard"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The request body is too large */
      413: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Reabrir: processing or cancelled → pending (a paid statement: reverse its payouts) */
  reopenStatement: {
    parameters: {
      path: {
        statementId: string;
      };
    };
    requestBody?: {
      content: {
        "application/json": components["schemas"]["PaymentActionBody"];
      };
    };
    responses: {
      /** @description The statement after the action */
      200: {
        content: {
          "application/json": components["schemas"]["PaymentCard"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The request body is too large */
      413: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Confirmar Pagamento: pays the whole pending amount; the buyer is notified (closeEarly before the month ends) */
  confirmStatement: {
    parameters: {
      path: {
        statementId: string;
      };
    };
    requestBody?: {
      content: {
        "application/json": components["schemas"]["PaymentActionBody"];
      };
    };
    responses: {
      /** @description The statement after the action */
      200: {
        content: {
          "application/json": components["schemas"]["PaymentCard"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The request body is too large */
      413: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Read a network's statement for a month: every row matched to an offer (and buyer) or with its reason */
  previewReconciliation: {
    requestBody: {
      content: {
        "multipart/form-data": {
          /**
           * Format: binary
           * @description CSV (up to 50,000 rows) or XLSX
           */
          file: Blob;
          /** @description The network's name; its saved mapping is used when none is sent */
          network: string;
          /** @description The statement's month, YYYY-MM */
          month: string;
          /** @description JSON field → header, e.g. {"offer":"Offer","revenue":"Payout"}; absent: guessed */
          mapping?: string;
        };
      };
    };
    responses: {
      /** @description The preview's first page */
      200: {
        content: {
          "application/json": components["schemas"]["ReconciliationPreview"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The file is too large */
      413: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** The workspace's tolerance: a line is flagged when its difference exceeds both the percent and the amount */
  getReconciliationTolerance: {
    responses: {
      /** @description The tolerance */
      200: {
        content: {
          "application/json": components["schemas"]["ReconciliationTolerance"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Change the workspace's tolerance */
  saveReconciliationTolerance: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["ReconciliationTolerance"];
      };
    };
    responses: {
      /** @description The tolerance */
      200: {
        content: {
          "application/json": components["schemas"]["ReconciliationTolerance"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The request body is too large */
      413: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** The month's committed statements (and the caller's preview) with their flagged and resolved lines */
  listReconciliations: {
    parameters: {
      query: {
        month: string;
      };
    };
    responses: {
      /** @description The statements */
      200: {
        content: {
          "application/json": components["schemas"]["ReconciliationList"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** A page of a statement's rows, optionally of one status */
  getReconciliationRows: {
    parameters: {
      query?: {
        page?: number;
        pageSize?: number;
        status?: "all" | "matched" | "unmatched" | "error";
      };
      path: {
        id: string;
      };
    };
    responses: {
      /** @description The rows */
      200: {
        content: {
          "application/json": components["schemas"]["ReconciliationPreview"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Make a preview the network's statement for the month (replacing one without resolved lines) and remember its mapping */
  commitReconciliation: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      /** @description The committed statement */
      200: {
        content: {
          "application/json": components["schemas"]["ReconciliationPreview"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Map a reference of the file to an offer or buyer by hand: applied to this statement and remembered */
  mapReconciliationReference: {
    parameters: {
      path: {
        id: string;
      };
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["ReconciliationAliasInput"];
      };
    };
    responses: {
      /** @description The rows still unmatched */
      200: {
        content: {
          "application/json": components["schemas"]["ReconciliationPreview"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The request body is too large */
      413: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Logged against reported per offer (or buyer × offer), with differences flagged beyond the tolerance */
  getReconciliationLines: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      /** @description The lines */
      200: {
        content: {
          "application/json": components["schemas"]["ReconciliationLines"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** The buyers' days behind a line */
  getReconciliationLineDays: {
    parameters: {
      query: {
        offerId: string;
        userId?: string;
      };
      path: {
        id: string;
      };
    };
    responses: {
      /** @description The days */
      200: {
        content: {
          "application/json": components["schemas"]["ReconciliationLineDays"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** The adjustment each buyer behind a line would get: the difference split by logged deposits, commission recomputed */
  getReconciliationProposal: {
    parameters: {
      query: {
        offerId: string;
        userId?: string;
      };
      path: {
        id: string;
      };
    };
    responses: {
      /** @description The proposal */
      200: {
        content: {
          "application/json": components["schemas"]["ReconciliationAdjustmentProposal"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Resolve a line: accept it with a note, or adjust the buyers' statements (amounts as proposed or edited) */
  resolveReconciliationLine: {
    parameters: {
      path: {
        id: string;
      };
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["ReconciliationResolveLine"];
      };
    };
    responses: {
      /** @description The lines after */
      200: {
        content: {
          "application/json": components["schemas"]["ReconciliationLines"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The request body is too large */
      413: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /**
   * The month's payout file as CSV, in the reader's dialect (pt-BR and ru: ';' and decimal comma)
   * @description One row per buyer with something pending that month (cancelled statements left out): name, e-mail, payment method and details, amount pending, reference PLACAR-YYYY-MM-<8 hex of the statement id>, and whether the details changed in the last 7 days. Statements as stored: load the month (GET /api/payments) first.
   */
  exportPaymentsCsv: {
    parameters: {
      query: {
        month: string;
        lang?: "pt-BR" | "en" | "ru";
        dialect?: "semicolon" | "comma";
      };
    };
    responses: {
      /** @description RFC 4180 CSV, UTF-8 with BOM */
      200: {
        content: {
          "text/csv": string;
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /**
   * The month's payout file as an Excel workbook (amounts as number cells with 2 decimals)
   * @description One row per buyer with something pending that month (cancelled statements left out): name, e-mail, payment method and details, amount pending, reference PLACAR-YYYY-MM-<8 hex of the statement id>, and whether the details changed in the last 7 days. Statements as stored: load the month (GET /api/payments) first.
   */
  exportPaymentsXlsx: {
    parameters: {
      query: {
        month: string;
        lang?: "pt-BR" | "en" | "ru";
        dialect?: "semicolon" | "comma";
      };
    };
    responses: {
      /** @description An XLSX workbook with one sheet */
      200: {
        content: {
          "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": Blob;
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** The buyer's own payment details (Pix key, bank account or USDT address) */
  getMyPayee: {
    responses: {
      /** @description The payment details, or null when none are saved */
      200: {
        content: {
          "application/json": components["schemas"]["PayeeAnswer"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Save the buyer's payment details; a change is audited (keys masked) and notifies financial users and admins */
  setMyPayee: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["PayeeInput"];
      };
    };
    responses: {
      /** @description The payment details, or null when none are saved */
      200: {
        content: {
          "application/json": components["schemas"]["PayeeAnswer"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The request body is too large */
      413: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** A buyer's payment details (financial and admins; a buyer only their own) */
  getUserPayee: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      /** @description The payment details, or null when none are saved */
      200: {
        content: {
          "application/json": components["schemas"]["PayeeAnswer"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Totals and performance by offer and by user for a named period or a custom range (admins) */
  getAdminDashboard: {
    parameters: {
      query?: {
        period?: "today" | "yesterday" | "7d" | "30d" | "90d" | "all" | "current_month" | "previous_month" | "last_month" | "current_year";
        from?: string;
        to?: string;
        userId?: string;
      };
    };
    responses: {
      /** @description Dashboard */
      200: {
        content: {
          "application/json": components["schemas"]["Dashboard"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Totals and the per-user table for a named period or a custom range */
  getFinancialDashboard: {
    parameters: {
      query?: {
        period?: "today" | "yesterday" | "7d" | "30d" | "90d" | "all" | "current_month" | "previous_month" | "last_month" | "current_year";
        from?: string;
        to?: string;
      };
    };
    responses: {
      /** @description Dashboard */
      200: {
        content: {
          "application/json": components["schemas"]["Dashboard"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Overview with growth against the previous period, the funnel and the top-10 lists */
  getFinancialAnalytics: {
    parameters: {
      query?: {
        period?: "today" | "yesterday" | "7d" | "30d" | "90d" | "all" | "current_month" | "previous_month" | "last_month" | "current_year";
        from?: string;
        to?: string;
      };
    };
    responses: {
      /** @description Analytics */
      200: {
        content: {
          "application/json": components["schemas"]["FinancialAnalytics"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Users with campaign totals and last campaign date; search by name or e-mail, filter by role */
  listFinancialUsers: {
    parameters: {
      query?: {
        q?: string;
        role?: "user" | "manager" | "financial" | "admin";
      };
    };
    responses: {
      /** @description Users */
      200: {
        content: {
          "application/json": components["schemas"]["FinancialUser"][];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** One user's statistics for a named period or a custom range */
  getUserStats: {
    parameters: {
      query?: {
        period?: "today" | "yesterday" | "7d" | "30d" | "90d" | "all" | "current_month" | "previous_month" | "last_month" | "current_year";
        from?: string;
        to?: string;
      };
      path: {
        id: string;
      };
    };
    responses: {
      /** @description Statistics */
      200: {
        content: {
          "application/json": components["schemas"]["UserStats"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /**
   * The pivot: rows grouped by up to three dimensions over what the caller may read
   * @description Rows of the current period grouped by groupBy, filtered (buyerId, teamId, offerId, brand restrict the rows summed; minRoi, maxRoi, minSpend apply to each grouped row's current figures), sorted and paged; totals over every row that passes. compare=previous adds the previous period of the same length, its time keys shifted forward by the period's length.
   */
  getReport: {
    parameters: {
      query?: {
        period?: "today" | "yesterday" | "7d" | "30d" | "90d" | "all" | "current_month" | "previous_month" | "last_month" | "current_year";
        from?: string;
        to?: string;
        /** @description Comma-separated, distinct, at most 3 of: buyer, team, offer, brand, day, week, month */
        groupBy?: string;
        /** @description Comma-separated, distinct, at most 17 of: spent, revenue, profit, roi, epc, clicks, installations, registrations, deposits, campaigns, clickToInstall, installToRegistration, registrationToDeposit, costPerClick, costPerInstall, costPerRegistration, costPerDeposit */
        columns?: string;
        compare?: "none" | "previous";
        buyerId?: string;
        teamId?: string;
        offerId?: string;
        brand?: string;
        /** @description ROI in percent; the bound itself is included */
        minRoi?: number;
        /** @description ROI in percent; the bound itself is included */
        maxRoi?: number;
        /** @description Decimal amount with up to 2 places, e.g. "125.50" */
        minSpend?: string;
        /** @description A metric, or key; by default dates ascending when the first dimension is a date, else spent */
        sort?: "key" | "spent" | "revenue" | "profit" | "roi" | "epc" | "clicks" | "installations" | "registrations" | "deposits" | "campaigns" | "clickToInstall" | "installToRegistration" | "registrationToDeposit" | "costPerClick" | "costPerInstall" | "costPerRegistration" | "costPerDeposit";
        dir?: "asc" | "desc";
        page?: number;
        pageSize?: number;
      };
    };
    responses: {
      /** @description Pivot */
      200: {
        content: {
          "application/json": components["schemas"]["Pivot"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /**
   * The pivot as CSV in the reader's dialect (pt-BR, ru: ';' and decimal comma; en: ',' and point)
   * @description Exactly what the screen shows for the same query: every row (no paging) in its sort, the chosen columns, and a totals row; with compare=previous each metric has its value, the previous value and Δ%.
   */
  exportReportCsv: {
    parameters: {
      query?: {
        period?: "today" | "yesterday" | "7d" | "30d" | "90d" | "all" | "current_month" | "previous_month" | "last_month" | "current_year";
        from?: string;
        to?: string;
        /** @description Comma-separated, distinct, at most 3 of: buyer, team, offer, brand, day, week, month */
        groupBy?: string;
        /** @description Comma-separated, distinct, at most 17 of: spent, revenue, profit, roi, epc, clicks, installations, registrations, deposits, campaigns, clickToInstall, installToRegistration, registrationToDeposit, costPerClick, costPerInstall, costPerRegistration, costPerDeposit */
        columns?: string;
        compare?: "none" | "previous";
        buyerId?: string;
        teamId?: string;
        offerId?: string;
        brand?: string;
        /** @description ROI in percent; the bound itself is included */
        minRoi?: number;
        /** @description ROI in percent; the bound itself is included */
        maxRoi?: number;
        /** @description Decimal amount with up to 2 places, e.g. "125.50" */
        minSpend?: string;
        /** @description A metric, or key; by default dates ascending when the first dimension is a date, else spent */
        sort?: "key" | "spent" | "revenue" | "profit" | "roi" | "epc" | "clicks" | "installations" | "registrations" | "deposits" | "campaigns" | "clickToInstall" | "installToRegistration" | "registrationToDeposit" | "costPerClick" | "costPerInstall" | "costPerRegistration" | "costPerDeposit";
        dir?: "asc" | "desc";
        page?: number;
        pageSize?: number;
        lang?: "pt-BR" | "en" | "ru";
        dialect?: "semicolon" | "comma";
      };
    };
    responses: {
      /** @description RFC 4180 CSV, UTF-8 with BOM */
      200: {
        content: {
          "text/csv": string;
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /**
   * The pivot as an Excel workbook (number, money, percent and date cells)
   * @description Exactly what the screen shows for the same query: every row (no paging) in its sort, the chosen columns, and a totals row; with compare=previous each metric has its value, the previous value and Δ%.
   */
  exportReportXlsx: {
    parameters: {
      query?: {
        period?: "today" | "yesterday" | "7d" | "30d" | "90d" | "all" | "current_month" | "previous_month" | "last_month" | "current_year";
        from?: string;
        to?: string;
        /** @description Comma-separated, distinct, at most 3 of: buyer, team, offer, brand, day, week, month */
        groupBy?: string;
        /** @description Comma-separated, distinct, at most 17 of: spent, revenue, profit, roi, epc, clicks, installations, registrations, deposits, campaigns, clickToInstall, installToRegistration, registrationToDeposit, costPerClick, costPerInstall, costPerRegistration, costPerDeposit */
        columns?: string;
        compare?: "none" | "previous";
        buyerId?: string;
        teamId?: string;
        offerId?: string;
        brand?: string;
        /** @description ROI in percent; the bound itself is included */
        minRoi?: number;
        /** @description ROI in percent; the bound itself is included */
        maxRoi?: number;
        /** @description Decimal amount with up to 2 places, e.g. "125.50" */
        minSpend?: string;
        /** @description A metric, or key; by default dates ascending when the first dimension is a date, else spent */
        sort?: "key" | "spent" | "revenue" | "profit" | "roi" | "epc" | "clicks" | "installations" | "registrations" | "deposits" | "campaigns" | "clickToInstall" | "installToRegistration" | "registrationToDeposit" | "costPerClick" | "costPerInstall" | "costPerRegistration" | "costPerDeposit";
        dir?: "asc" | "desc";
        page?: number;
        pageSize?: number;
        lang?: "pt-BR" | "en" | "ru";
        dialect?: "semicolon" | "comma";
      };
    };
    responses: {
      /** @description An XLSX workbook with one sheet */
      200: {
        content: {
          "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": Blob;
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** The caller's saved report views, by name */
  listSavedReports: {
    responses: {
      /** @description Saved views */
      200: {
        content: {
          "application/json": components["schemas"]["SavedReport"][];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Save a report view under a name; the same name replaces that view's query */
  saveReport: {
    requestBody: {
      content: {
        "application/json": {
          name: string;
          query: string;
        };
      };
    };
    responses: {
      /** @description The view, its query replaced */
      200: {
        content: {
          "application/json": components["schemas"]["SavedReport"];
        };
      };
      /** @description The new view */
      201: {
        content: {
          "application/json": components["schemas"]["SavedReport"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The request body is too large */
      413: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Delete one of the caller's saved views (another user's answers 404) */
  deleteSavedReport: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      /** @description Deleted */
      204: {
        content: never;
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** One row per buyer of a team (a lead's own; any lead's or every buyer for admins and financial) for a range, against the previous one */
  listTeamBuyers: {
    parameters: {
      query?: {
        period?: "today" | "yesterday" | "7d" | "30d" | "90d" | "all" | "current_month" | "previous_month" | "last_month" | "current_year";
        from?: string;
        to?: string;
        leadId?: string;
      };
    };
    responses: {
      /** @description Buyers */
      200: {
        content: {
          "application/json": components["schemas"]["TeamBuyers"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Users the viewer may see (admins, financial: all; team leads: self and their buyers; buyers: self and their lead) */
  listUsers: {
    parameters: {
      query?: {
        q?: string;
        role?: "user" | "manager" | "financial" | "admin";
      };
    };
    responses: {
      /** @description Users by name */
      200: {
        content: {
          "application/json": components["schemas"]["User"][];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Invite a user (admins): a set-password link goes by mail, or back to the admin without SMTP */
  inviteUser: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["UserCreate"];
      };
    };
    responses: {
      /** @description The created user */
      201: {
        content: {
          "application/json": components["schemas"]["UserCreated"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The request body is too large */
      413: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** One user the viewer may see */
  getUser: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      /** @description The user */
      200: {
        content: {
          "application/json": components["schemas"]["User"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Delete a user and their campaigns, notes, notifications, creative requests, assignments and statements (admins); 409 has_payouts, or 409 month_closed when they have campaigns in a month their statement has closed */
  deleteUser: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      /** @description Deleted */
      204: {
        content: never;
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Change name, role or team lead (admins); applies on the user's next request */
  updateUser: {
    parameters: {
      path: {
        id: string;
      };
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["UserPatch"];
      };
    };
    responses: {
      /** @description The updated user */
      200: {
        content: {
          "application/json": components["schemas"]["User"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The request body is too large */
      413: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Deactivate a user (admins): sign-in blocked, sessions ended, history kept */
  deactivateUser: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      /** @description The deactivated user */
      200: {
        content: {
          "application/json": components["schemas"]["User"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Reactivate a deactivated user (admins): sign-in allowed again, role, team and history unchanged */
  reactivateUser: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      /** @description The reactivated user */
      200: {
        content: {
          "application/json": components["schemas"]["User"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** End every session of a user (admins); their next request answers 401 */
  revokeUserSessions: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      /** @description How many ended */
      200: {
        content: {
          "application/json": components["schemas"]["SessionsRevoked"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Turn off a user's two-factor sign-in (admins, e.g. a lost phone): secret, backup codes and trusted devices go */
  disableUserTwoFactor: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      /** @description The user */
      200: {
        content: {
          "application/json": components["schemas"]["User"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Every day of a range with the rate it uses: its own, or the latest earlier one (a gap, with the day it comes from), or none */
  listFxRates: {
    parameters: {
      query: {
        from: string;
        to: string;
      };
    };
    responses: {
      /** @description The range's days */
      200: {
        content: {
          "application/json": components["schemas"]["FxRates"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Enter or change daily rates (financial, admins); the rows they convert follow at once. 409 rates_locked when a month closed for payment uses one */
  saveFxRates: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["FxRatesInput"];
      };
    };
    responses: {
      /** @description What was written */
      200: {
        content: {
          "application/json": components["schemas"]["FxRatesSaved"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The request body is too large */
      413: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Import daily rates from a file (financial, admins) */
  importFxRates: {
    requestBody: {
      content: {
        "multipart/form-data": {
          /**
           * Format: binary
           * @description CSV or XLSX of dates and rates: the Central Bank's PTAX closing quotes as published, its OData CSV, or a table with date and rate columns (up to 2 MB)
           */
          file: Blob;
        };
      };
    };
    responses: {
      /** @description What was written */
      200: {
        content: {
          "application/json": components["schemas"]["FxRatesSaved"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The request body is too large */
      413: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Fetch PTAX closing rates for a range from the Central Bank (financial, admins; only with FX_SOURCE=bcb, else 409 fx_source_off) */
  fetchFxRates: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["FxRatesFetchInput"];
      };
    };
    responses: {
      /** @description What was written */
      200: {
        content: {
          "application/json": components["schemas"]["FxRatesSaved"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The request body is too large */
      413: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The Central Bank did not answer */
      503: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** The workspace settings (any signed-in user) */
  getSettings: {
    responses: {
      /** @description Settings */
      200: {
        content: {
          "application/json": components["schemas"]["WorkspaceSettings"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Replace the workspace settings (admins); applies to every process at once. A new reporting currency converts every figure (409 statements_processing while a statement is processing; 400 missing_rate naming a day without a rate) */
  updateSettings: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["WorkspaceSettingsInput"];
      };
    };
    responses: {
      /** @description Saved settings */
      200: {
        content: {
          "application/json": components["schemas"]["WorkspaceSettings"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The request body is too large */
      413: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Send today's daily report e-mail now to every admin and financial user (admins); each key sends once */
  sendTestReport: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["TestReportInput"];
      };
    };
    responses: {
      /** @description How many mails went out */
      200: {
        content: {
          "application/json": components["schemas"]["TestReportResult"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The request body is too large */
      413: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Backup history, newest first (admins) */
  listBackups: {
    responses: {
      /** @description Backups */
      200: {
        content: {
          "application/json": components["schemas"]["Backup"][];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Back the whole database up now (admins); a failed run is recorded with its reason */
  createBackup: {
    responses: {
      /** @description The finished run */
      201: {
        content: {
          "application/json": components["schemas"]["Backup"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Download a backup file (admins) */
  downloadBackup: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      /** @description The backup file */
      200: {
        content: {
          "application/octet-stream": Blob;
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Delete a backup and its file (admins) */
  deleteBackup: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      /** @description Deleted */
      204: {
        content: never;
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** One's own personal API tokens (never the secrets) */
  listTokens: {
    responses: {
      /** @description Tokens, newest first */
      200: {
        content: {
          "application/json": components["schemas"]["ApiToken"][];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Create a personal API token; the secret is in this answer only */
  createToken: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["ApiTokenInput"];
      };
    };
    responses: {
      /** @description The token with its secret */
      201: {
        content: {
          "application/json": components["schemas"]["CreatedApiToken"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The request body is too large */
      413: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Revoke one of one's tokens; it stops working at once */
  revokeToken: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      /** @description Revoked */
      204: {
        content: never;
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** The audit trail, newest first (admins) */
  listAuditEvents: {
    parameters: {
      query?: {
        userId?: string;
        action?: "auth.sign_in" | "auth.sign_out" | "auth.password_reset_requested" | "auth.password_reset" | "auth.password_changed" | "auth.two_factor_enabled" | "auth.two_factor_disabled" | "auth.backup_codes_regenerated" | "auth.sessions_revoked" | "user.created" | "user.updated" | "user.role_changed" | "user.team_changed" | "user.deactivated" | "user.reactivated" | "user.deleted" | "user.password_set" | "offer.created" | "offer.updated" | "offer.deleted" | "offer.archived" | "offer.restored" | "campaigns.imported" | "settings.updated" | "backup.created" | "backup.deleted" | "report.test_sent" | "token.created" | "token.revoked" | "postback_key.created" | "postback_key.revoked" | "commission_settings.updated" | "payment.processed" | "payment.rejected" | "payment.reopened" | "payment.confirmed" | "payment.payout_registered" | "payment.payout_edited" | "payment.payout_reversed" | "payment.adjusted" | "payment.overpayment_carried" | "payee.updated" | "fx_rates.updated" | "reconciliation.committed" | "reconciliation.mapped" | "reconciliation.accepted" | "reconciliation.adjusted" | "reconciliation.tolerance_updated" | "access.denied";
        outcome?: "success" | "failure";
        from?: string;
        to?: string;
        cursor?: number;
        limit?: number;
      };
    };
    responses: {
      /** @description A page of events */
      200: {
        content: {
          "application/json": components["schemas"]["AuditPage"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Postback keys: a buyer's own; admins every key */
  listPostbackKeys: {
    responses: {
      /** @description Keys, live first */
      200: {
        content: {
          "application/json": components["schemas"]["PostbackKey"][];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Create a postback key: a buyer's own, or (admins) one per offer that reads the buyer's code */
  createPostbackKey: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["PostbackKeyInput"];
      };
    };
    responses: {
      /** @description The key */
      201: {
        content: {
          "application/json": components["schemas"]["PostbackKey"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The request body is too large */
      413: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** Revoke a postback key; its URL answers 404 from now on */
  revokePostbackKey: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      /** @description Revoked */
      204: {
        content: never;
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Valid shape, refused by a business rule */
      422: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /** The postback log, newest first: a buyer's keys (and offer keys that named them); admins all */
  listPostbacks: {
    parameters: {
      query?: {
        keyId?: string;
        outcome?: "counted" | "duplicate" | "refused";
        from?: string;
        to?: string;
        page?: number;
        pageSize?: number;
      };
    };
    responses: {
      /** @description A page of the log */
      200: {
        content: {
          "application/json": components["schemas"]["PostbackLogPage"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not signed in */
      401: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not allowed */
      403: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /**
   * Receive a postback (GET)
   * @description Called by an affiliate network or a tracker; the key in the path is the credential. Parameters in the query, a form body or a JSON body, named as the key maps them (by default event, amount, currency, tid, date, offer, and buyer for offer keys). A repeated tid answers 200 and changes nothing. Unknown or revoked key: 404 with no detail.
   */
  receivePostbackGet: {
    parameters: {
      path: {
        key: string;
      };
    };
    responses: {
      /** @description Counted, or a duplicate transaction id (nothing changed) */
      200: {
        content: {
          "application/json": components["schemas"]["PostbackAnswer"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  /**
   * Receive a postback (POST: form or JSON body, and/or query)
   * @description Called by an affiliate network or a tracker; the key in the path is the credential. Parameters in the query, a form body or a JSON body, named as the key maps them (by default event, amount, currency, tid, date, offer, and buyer for offer keys). A repeated tid answers 200 and changes nothing. Unknown or revoked key: 404 with no detail.
   */
  receivePostbackPost: {
    parameters: {
      path: {
        key: string;
      };
    };
    responses: {
      /** @description Counted, or a duplicate transaction id (nothing changed) */
      200: {
        content: {
          "application/json": components["schemas"]["PostbackAnswer"];
        };
      };
      /** @description Invalid request */
      400: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found */
      404: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the current state */
      409: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests (Retry-After says when to try again) */
      429: {
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
}
