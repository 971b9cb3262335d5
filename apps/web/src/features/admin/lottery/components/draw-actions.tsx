import type { AdminDraw } from "@shwe/contracts";
import { isValidNumber, LOTTERY_GAMES } from "@shwe/domain";
import { type FormEvent, useState } from "react";
import { Button } from "../../../../components/button.tsx";
import { ApiError } from "../../../../lib/api-client.ts";
import { useTranslation } from "../../../../lib/i18n-react.tsx";
import { useSession } from "../../../../lib/session-store.ts";
import { toast } from "../../../../lib/toast.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { TextField } from "../../components/fields.tsx";
import { Panel } from "../../components/panel.tsx";
import { ReasonDialog } from "../../components/reason-dialog.tsx";
import { useErrorText, useErrorToast } from "../../hooks/use-error-text.ts";
import { useConfirmResult, useEnterResult, useVoidDraw } from "../api/draws.ts";

/**
 * The operator decisions on one draw: enter the result (after the draw time), confirm it (a different
 * operator), or void the draw with a reason (every stake refunded). The server has the last word on
 * every rule; the buttons only hide what cannot apply.
 */
export function DrawActions({ draw }: { draw: AdminDraw }) {
  const { t } = useTranslation("admin");
  const me = useSession((s) => s.user?.id);
  const showError = useErrorToast();
  const errorText = useErrorText();
  const enter = useEnterResult(draw.id);
  const confirm = useConfirmResult(draw.id);
  const voidDraw = useVoidDraw(draw.id);
  const [number, setNumber] = useState("");
  const [numberError, setNumberError] = useState<string>();
  const [confirmOpen, setConfirmOpen] = useState(false);
  // The confirming operator types the number they checked against the official result (never pre-filled).
  const [checked, setChecked] = useState("");
  const [checkedError, setCheckedError] = useState<string>();
  const [voidOpen, setVoidOpen] = useState(false);
  const digits = LOTTERY_GAMES[draw.type].digits;

  // A fair draw reveals its own number at draw time; only its seed's commitment exists before.
  const fairPending = draw.result_source === "fair" && (draw.status === "open" || draw.status === "closed");
  const awaitingConfirmation = draw.status === "resulted" && draw.result_source === "manual" && draw.confirmed_by === null;
  const awaitingResult = !fairPending && (draw.status === "open" || draw.status === "closed" || awaitingConfirmation);
  const enteredByMe = draw.entered_by !== null && draw.entered_by === me;
  const finished = draw.status === "settled" || draw.status === "void";

  const submitResult = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidNumber(draw.type, number)) {
      setNumberError(t("lottery.numberInvalid", { digits }));
      return;
    }
    enter.mutate(number, {
      onSuccess: () => {
        toast.success(t("lottery.resultEntered", { number }));
        setNumber("");
      },
      onError: showError,
    });
  };

  const openConfirm = () => {
    setChecked("");
    setCheckedError(undefined);
    setConfirmOpen(true);
  };

  const submitConfirm = async () => {
    if (!isValidNumber(draw.type, checked)) {
      setCheckedError(t("lottery.numberInvalid", { digits }));
      return;
    }
    try {
      await confirm.mutateAsync({ number: checked, entry: draw.result_entry });
      setConfirmOpen(false);
      toast.success(t("lottery.settled"));
    } catch (err) {
      // A different number, or a result entered again since this page loaded: the refusal stays in the dialog.
      if (err instanceof ApiError && (err.code === "RESULT_MISMATCH" || err.code === "RESULT_CHANGED")) {
        setCheckedError(errorText(err));
        return;
      }
      setConfirmOpen(false);
      showError(err);
    }
  };

  if (finished) return null;
  return (
    <Panel title={t("lottery.decisions")}>
      <div className="space-y-4">
        {awaitingResult ? (
          <form onSubmit={submitResult} noValidate className="flex flex-wrap items-end gap-2">
            <TextField
              label={t("lottery.enterResult", { digits })}
              value={number}
              inputMode="numeric"
              maxLength={digits}
              autoComplete="off"
              onChange={(e) => {
                setNumber(e.target.value.replace(/\D/g, "").slice(0, digits));
                setNumberError(undefined);
              }}
              error={numberError}
              hint={t("lottery.enterResultHint")}
              className="w-48"
            />
            <Button type="submit" loading={enter.isPending} className="mb-7">
              {t("lottery.saveResult")}
            </Button>
          </form>
        ) : null}
        {fairPending ? <p className="text-sm text-muted">{t("lottery.fairPending")}</p> : null}
        {awaitingConfirmation ? (
          <div className="rounded-card border border-gold/40 bg-gold/5 p-3">
            {enteredByMe ? (
              <>
                <p className="text-sm">
                  {t("lottery.awaitingConfirmation", { number: draw.result ?? "", operator: draw.entered_by ?? "" })}
                </p>
                <p className="mt-1 text-sm text-warn">{t("lottery.otherOperator")}</p>
              </>
            ) : (
              <>
                <p className="text-sm">{t("lottery.awaitingCheck", { operator: draw.entered_by ?? "" })}</p>
                <Button className="mt-2" onClick={openConfirm}>
                  {t("lottery.checkResult")}
                </Button>
              </>
            )}
          </div>
        ) : null}
        <div>
          <Button variant="danger" onClick={() => setVoidOpen(true)}>
            {t("lottery.void")}
          </Button>
          <p className="mt-1 text-xs text-muted">{t("lottery.voidHint")}</p>
        </div>
      </div>
      <ConfirmDialog
        open={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        title={t("lottery.confirmTitle")}
        confirmLabel={t("lottery.confirmTyped")}
        onConfirm={submitConfirm}
      >
        <p className="mb-3">{t("lottery.confirmTypedText")}</p>
        <TextField
          label={t("lottery.checkedNumber", { digits })}
          value={checked}
          inputMode="numeric"
          maxLength={digits}
          autoComplete="off"
          onChange={(e) => {
            setChecked(e.target.value.replace(/\D/g, "").slice(0, digits));
            setCheckedError(undefined);
          }}
          error={checkedError}
        />
      </ConfirmDialog>
      <ReasonDialog
        open={voidOpen}
        onClose={() => setVoidOpen(false)}
        title={t("lottery.voidTitle")}
        submitLabel={t("lottery.void")}
        onSubmit={(reason) =>
          voidDraw.mutateAsync(reason).then(() => {
            setVoidOpen(false);
            toast.success(t("lottery.voided"));
          }, showError)
        }
      >
        {t("lottery.voidText")}
        {/* A fair 2D (crypto 2D) draw gives the 1D (crypto 1D) draw at the same time its last digit: both go. */}
        {draw.result_source === "fair" && (draw.type === "2D" || draw.type === "C2D") ? (
          <span className="mt-2 block font-semibold text-warn" data-testid="void-derived">
            {t("lottery.voidDerived", { derived: draw.type === "2D" ? "1D" : "C1D" })}
          </span>
        ) : null}
      </ReasonDialog>
    </Panel>
  );
}
