import { beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_DOC, type Shape } from './model';
import { HISTORY_LIMIT, useEditorStore } from './store';

const area = (id: string): Shape => ({
  id,
  kind: 'area',
  tool: 'polygon',
  points: [
    { x: 0, y: 0 },
    { x: 10, y: 0 },
    { x: 10, y: 10 },
  ],
});
const store = () => useEditorStore.getState();

describe('editor store: one gesture, one undo step', () => {
  beforeEach(() => store().load(EMPTY_DOC));

  it('undoes and redoes shapes in order', () => {
    store().addShape(area('a'));
    store().addShape(area('b'));
    expect(store().doc.shapes.map((s) => s.id)).toEqual(['a', 'b']);
    store().undo();
    expect(store().doc.shapes.map((s) => s.id)).toEqual(['a']);
    store().undo();
    expect(store().doc.shapes).toEqual([]);
    store().undo(); // nothing left: no change
    expect(store().doc.shapes).toEqual([]);
    store().redo();
    store().redo();
    expect(store().doc.shapes.map((s) => s.id)).toEqual(['a', 'b']);
  });

  it('a new change after undo drops the redo branch', () => {
    store().addShape(area('a'));
    store().undo();
    store().addShape(area('c'));
    store().redo();
    expect(store().doc.shapes.map((s) => s.id)).toEqual(['c']);
    expect(store().future).toEqual([]);
  });

  it('moving a vertex, moving a shape, inverting and clearing are one step each', () => {
    store().addShape(area('a'));
    store().moveVertex('a', 1, { x: 20, y: 0 });
    store().moveShape('a', 5, 5);
    store().invert();
    store().clear();
    expect(store().past).toHaveLength(5);
    store().undo();
    expect(store().doc.inverted).toBe(true);
    expect(store().doc.shapes[0]!.points).toEqual([
      { x: 5, y: 5 },
      { x: 25, y: 5 },
      { x: 15, y: 15 },
    ]);
    store().undo();
    store().undo();
    expect(store().doc.shapes[0]!.points[1]).toEqual({ x: 20, y: 0 });
  });

  it('does not record a change that changes nothing', () => {
    store().addShape(area('a'));
    store().moveShape('a', 0, 0);
    store().commit(store().doc);
    expect(store().past).toHaveLength(1);
  });

  it('deletes the selected shape and forgets a selection that undo removes', () => {
    store().addShape(area('a'));
    store().select('a');
    store().deleteSelected();
    expect(store().doc.shapes).toEqual([]);
    expect(store().selectedId).toBeNull();
    store().undo();
    expect(store().doc.shapes).toHaveLength(1);
  });

  it('keeps at most HISTORY_LIMIT steps', () => {
    for (let i = 0; i < HISTORY_LIMIT + 10; i++) store().addShape(area(`s${i}`));
    expect(store().past).toHaveLength(HISTORY_LIMIT);
  });
});
