import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { CanvasPanel } from './CanvasPanel';
import { EMPTY_DOC } from './model';
import { useEditorStore } from './store';

const image = { width: 1000, height: 500 };

function Panel() {
  const doc = useEditorStore((s) => s.doc);
  return <CanvasPanel imageSize={image} canvas={doc.canvas!} placement={doc.placement!} />;
}

describe('CanvasPanel: the numbers and the canvas stay in step', () => {
  beforeEach(() =>
    useEditorStore.getState().load({
      ...EMPTY_DOC,
      canvas: { width: 1024, height: 1024 },
      placement: { x: 12, y: 262, width: 1000, height: 500 },
    }),
  );

  it('moves the image when X is typed and Enter pressed, as one undo step', async () => {
    render(<Panel />);
    const x = screen.getByRole('spinbutton', { name: 'X' });
    await userEvent.clear(x);
    await userEvent.type(x, '40{Enter}');
    expect(useEditorStore.getState().doc.placement).toEqual({ x: 40, y: 262, width: 1000, height: 500 });
    expect(useEditorStore.getState().past).toHaveLength(1);
  });

  it('keeps the image’s aspect when Width changes, unless told not to', async () => {
    render(<Panel />);
    const width = screen.getByRole('spinbutton', { name: 'Width' });
    await userEvent.clear(width);
    await userEvent.type(width, '600{Enter}');
    expect(useEditorStore.getState().doc.placement).toMatchObject({ width: 600, height: 300 });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Keep aspect ratio' }));
    await userEvent.clear(width);
    await userEvent.type(width, '800{Enter}');
    expect(useEditorStore.getState().doc.placement).toMatchObject({ width: 800, height: 300 });
  });

  it('shows a value changed on the canvas (a drag) in the fields', () => {
    render(<Panel />);
    expect(screen.getByRole('spinbutton', { name: 'X' })).toHaveProperty('value', '12');
    act(() => useEditorStore.getState().setPlacement({ x: -30, y: 5, width: 1000, height: 500 }));
    expect(screen.getByRole('spinbutton', { name: 'X' })).toHaveProperty('value', '-30');
    expect(screen.getByRole('spinbutton', { name: 'Y' })).toHaveProperty('value', '5');
  });

  it('refuses a canvas side outside 500–4096 and says why', async () => {
    render(<Panel />);
    const side = screen.getByRole('spinbutton', { name: 'Canvas width' });
    await userEvent.clear(side);
    await userEvent.type(side, '5000{Enter}');
    expect(screen.getByText('Must be at most 4096')).toBeTruthy();
    expect(useEditorStore.getState().doc.canvas).toEqual({ width: 1024, height: 1024 });
  });

  it('applies a size preset and fits the image into it', async () => {
    render(<Panel />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Canvas size' }), 'Wide 16:9');
    const { canvas, placement } = useEditorStore.getState().doc;
    expect(canvas).toEqual({ width: 1820, height: 1024 });
    expect(placement).toEqual({ x: 410, y: 262, width: 1000, height: 500 });
  });
});
