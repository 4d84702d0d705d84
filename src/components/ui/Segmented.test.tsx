import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Segmented } from './Segmented';

function Resolution({ testId }: { testId: string }) {
  const [value, setValue] = useState<0 | 1>(0);
  return (
    <div data-testid={testId}>
      <Segmented
        label="Resolution"
        value={value}
        options={[
          { value: 0, label: '480p' },
          { value: 1, label: '720p' },
        ]}
        onChange={setValue}
      />
    </div>
  );
}

describe('Segmented', () => {
  it('is a group of radios named by its label', async () => {
    const user = userEvent.setup();
    render(<Resolution testId="one" />);
    expect(screen.getByRole('group', { name: 'Resolution' })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: '720p' }));
    expect(screen.getByRole('radio', { name: '720p' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: '480p' })).toHaveProperty('checked', false);
  });

  it('two groups with the same label do not uncheck each other', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Resolution testId="pane" />
        <Resolution testId="dialog" />
      </>,
    );
    const pane = within(screen.getByTestId('pane'));
    const dialog = within(screen.getByTestId('dialog'));
    await user.click(dialog.getByRole('radio', { name: '720p' }));
    expect(pane.getByRole('radio', { name: '480p' })).toHaveProperty('checked', true);
    expect(dialog.getByRole('radio', { name: '720p' })).toHaveProperty('checked', true);
  });
});
