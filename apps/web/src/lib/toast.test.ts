import { describe, expect, it, vi } from "vitest";
import { onToastsWanted, preloadToasts, toast, toastsWanted } from "./toast.ts";

describe("toasts", () => {
  it("download ahead without the container being drawn; the first toast has it drawn, once", async () => {
    const wanted = vi.fn();
    const undo = onToastsWanted(wanted);
    const toastify = await preloadToasts();
    expect(toastify.toast).toBeTypeOf("function");
    expect(toastsWanted()).toBe(false);
    // Closing toasts while none was ever shown draws nothing either.
    toast.dismiss();
    expect(toastsWanted()).toBe(false);
    expect(wanted).not.toHaveBeenCalled();

    toast.info("Saved");
    expect(toastsWanted()).toBe(true);
    expect(wanted).toHaveBeenCalledTimes(1);
    toast.error("Again");
    expect(wanted).toHaveBeenCalledTimes(1);
    undo();
  });
});
