import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** The buyer's code: what they put in the sub-id of an offer's postback (docs/decisions/0086). */
export function BuyerCodeCard({ code }: { code: string }) {
  const { t } = useTranslation("account");
  return (
    <Card data-testid="buyer-code-card">
      <CardHeader>
        <CardTitle>{t("buyerCode.title")}</CardTitle>
        <CardDescription>{t("buyerCode.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <code
          className="rounded bg-muted px-3 py-2 font-mono text-lg tracking-widest"
          data-testid="buyer-code"
        >
          {code}
        </code>
      </CardContent>
    </Card>
  );
}
