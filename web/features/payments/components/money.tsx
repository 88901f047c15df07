// The shared amount (web/components/money.tsx), under the name this feature has always used.
export { Money } from "@/components/money";
