import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './Dialog';

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Image 1
      </button>
      {open && (
        <Dialog title="Remix" onClose={() => setOpen(false)}>
          <button type="button">Inside</button>
        </Dialog>
      )}
    </>
  );
}

describe('Dialog', () => {
  it('is a dialog named by its title, closed by its Close button, and hands focus back', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Image 1' });
    await user.click(opener);
    // jsdom has no showModal, so the dialog counts as hidden there; a browser shows it.
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(dialog.getAttribute('aria-label')).toBe('Remix');
    await user.click(screen.getByRole('button', { hidden: true, name: 'Close' }));
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('Escape (the cancel event) closes it', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Image 1' }));
    fireEvent(screen.getByRole('dialog', { hidden: true }), new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
  });
});
