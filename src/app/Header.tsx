import { useBalance } from '../api/balance';

const numberFormat = new Intl.NumberFormat('en');

export function Header() {
  const balance = useBalance();
  return (
    <header className="flex h-12 shrink-0 items-center justify-between border-b border-zinc-800/80 px-4 md:px-6">
      <div className="flex items-center gap-2">
        <span aria-hidden className="size-5 rounded-md bg-gradient-to-br from-violet-500 to-fuchsia-500" />
        <h1 className="text-sm font-semibold tracking-tight">Studio</h1>
      </div>
      <p className="text-xs text-zinc-400" aria-live="polite">
        {balance.isError ? (
          <span title="The balance could not be read">Points left: unknown</span>
        ) : (
          <>
            <span className="sr-only">Points left: </span>
            <span
              className={`font-medium tabular-nums ${balance.data?.low ? 'text-amber-300' : 'text-zinc-100'}`}
              data-testid="points-left"
              title={balance.data?.low ? 'The balance is running low' : undefined}
            >
              {balance.data === undefined ? '…' : numberFormat.format(balance.data.points)}
            </span>{' '}
            <span aria-hidden>points left</span>
          </>
        )}
      </p>
    </header>
  );
}
