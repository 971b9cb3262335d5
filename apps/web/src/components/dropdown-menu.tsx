import { type ReactNode, useCallback, useId, useRef, useState } from "react";
import { useDismiss } from "./use-dismiss.ts";

export interface DropdownMenuProps {
  /** What the trigger button shows. */
  trigger: ReactNode;
  /** Accessible name of the trigger (e.g. "Language: English"). */
  label: string;
  /** Which edge of the trigger the menu lines up with. */
  align?: "start" | "end";
  /** The menu items; call close() after an item acts. */
  children: (close: () => void) => ReactNode;
  triggerClassName?: string;
  menuClassName?: string;
}

/** A button that opens a small menu below it; closes on Escape, outside tap or close(). */
export function DropdownMenu({ trigger, label, align = "end", children, triggerClassName = "", menuClassName = "" }: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const refs = useRef([rootRef]).current;
  const close = useCallback(() => setOpen(false), []);
  const dismiss = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);
  useDismiss(open, refs, dismiss);
  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        onClick={() => setOpen((v) => !v)}
        className={`flex min-h-11 items-center gap-1.5 rounded-card transition-colors focus-visible:outline-2 focus-visible:outline-gold ${triggerClassName}`}
      >
        {trigger}
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          className={`absolute top-full z-40 mt-1 min-w-56 overflow-hidden rounded-card border border-line bg-surface py-1 shadow-card ${
            align === "end" ? "right-0" : "left-0"
          } ${menuClassName}`}
        >
          {children(close)}
        </div>
      ) : null}
    </div>
  );
}

/** Class names of one row of a DropdownMenu (link or button). */
export const menuItemClass =
  "flex min-h-11 w-full items-center gap-3 px-4 text-left text-sm whitespace-nowrap text-text transition-colors hover:bg-surface-2 hover:text-gold focus-visible:bg-surface-2 focus-visible:outline-none";
