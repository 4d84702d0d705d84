import { type ReactNode, useEffect, useRef } from 'react';

interface DialogProps {
  /** The accessible name (and visible title unless `hideTitle`). */
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  hideTitle?: boolean;
  /** Keys for the whole dialog, wherever focus is inside it (e.g. the lightbox's arrows). */
  onKeyDown?: (event: React.KeyboardEvent<HTMLDialogElement>) => void;
}

/**
 * A modal on the native <dialog>: the browser gives it the top layer, inert background, focus handling
 * and Escape, which no hand-made overlay gets fully right.
 */
export function Dialog({
  title,
  onClose,
  children,
  className = '',
  hideTitle = false,
  onKeyDown,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Keyboard users go back to where they were (e.g. the image they opened) when the dialog goes away.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal?.();
    const handleClose = () => onCloseRef.current();
    dialog.addEventListener('close', handleClose);
    return () => {
      dialog.removeEventListener('close', handleClose);
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-label={title}
      onKeyDown={onKeyDown}
      onCancel={(e) => {
        e.preventDefault();
        onCloseRef.current();
      }}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside its panel) closes it.
        if (e.target === ref.current) onCloseRef.current();
      }}
      className={`m-auto max-h-[calc(100dvh-2rem)] max-w-[calc(100vw-2rem)] rounded-xl border border-zinc-800 bg-zinc-900 p-0 text-zinc-100 shadow-2xl shadow-black/60 backdrop:bg-black/70 ${className}`}
    >
      <div className="flex items-center justify-between border-b border-zinc-800 px-4 py-2.5">
        <h2 className={hideTitle ? 'sr-only' : 'text-sm font-semibold'}>{title}</h2>
        <button
          type="button"
          onClick={() => onCloseRef.current()}
          className="ml-auto rounded-md px-2 py-1 text-zinc-400 hover:bg-zinc-800 hover:text-zinc-100"
          aria-label="Close"
        >
          ✕
        </button>
      </div>
      {children}
    </dialog>
  );
}
