// What other features may use of payments; everything else in this folder is its own.

export { refreshOwnPayments, refreshPaymentMonths } from "./api";
