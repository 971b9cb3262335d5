import type { RefObject } from "react";

interface AttachImageButtonProps {
  /** What the button says to a screen reader (and as its tooltip when `withTitle`). */
  label: string;
  withTitle?: boolean;
  /** The hidden file input: the caller clears it once the image is sent. */
  inputRef: RefObject<HTMLInputElement | null>;
  testId: string;
  onPick: (file: File | undefined) => void;
}

/** A round picture button that opens a hidden file input for one JPEG, PNG or WebP image (support chat). */
export function AttachImageButton({ label, withTitle = false, inputRef, testId, onPick }: AttachImageButtonProps) {
  return (
    <>
      <button
        type="button"
        onClick={() => inputRef.current?.click()}
        aria-label={label}
        title={withTitle ? label : undefined}
        className="flex size-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-gold focus-visible:outline-2 focus-visible:outline-gold"
      >
        <svg width={22} height={22} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
          <rect x="3" y="4" width="18" height="16" rx="2" />
          <circle cx="9" cy="10" r="2" />
          <path d="m21 16-5-5-9 9" strokeLinejoin="round" />
        </svg>
      </button>
      <input
        ref={inputRef}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="hidden"
        data-testid={testId}
        onChange={(e) => onPick(e.target.files?.[0])}
      />
    </>
  );
}
