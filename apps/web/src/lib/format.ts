/** Display formats of the site (spec §5, §9), from the shared domain rules. */
export { formatAmount, formatDisplayDate, formatDisplayDateTime, formatFloor, yangonDate } from "@shwe/domain";
