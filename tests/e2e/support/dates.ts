import { formatDateInput } from "../../../web/lib/date-input";

/** A date as the pt-BR date field shows it (dd/mm/aaaa); the specs run in pt-BR. */
export const shownDate = (iso: string) => formatDateInput(iso, "pt-BR");
