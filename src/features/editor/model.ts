import { z } from 'zod';

// What the designer draws, in image pixels. Zod schemas because a draft comes back from localStorage
// (a boundary: another version of the studio, or a hand edit, may have written it).

export const pointSchema = z.object({ x: z.number().finite(), y: z.number().finite() });

/** A filled area: drawn with Polygon, Rectangle or Lasso (the tool is kept for the designer's sake). */
export const areaShapeSchema = z.object({
  id: z.string(),
  kind: z.literal('area'),
  tool: z.enum(['polygon', 'rectangle', 'lasso']),
  points: z.array(pointSchema).min(3),
});

/** A brush or eraser stroke: a round-capped line `size` image pixels wide. */
export const strokeShapeSchema = z.object({
  id: z.string(),
  kind: z.literal('stroke'),
  mode: z.enum(['paint', 'erase']),
  size: z.number().positive(),
  points: z.array(pointSchema).min(1),
});

export const shapeSchema = z.discriminatedUnion('kind', [areaShapeSchema, strokeShapeSchema]);

export const placementSchema = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number().positive(),
  height: z.number().positive(),
});

export const sizeSchema = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

/**
 * Everything one undo step restores: the mask (shapes painted in order, then inverted if asked) and,
 * for upload-paint, the canvas size and where the image sits on it.
 */
export const editorDocSchema = z.object({
  shapes: z.array(shapeSchema),
  inverted: z.boolean(),
  canvas: sizeSchema.nullable(),
  placement: placementSchema.nullable(),
});

export type AreaShape = z.infer<typeof areaShapeSchema>;
export type StrokeShape = z.infer<typeof strokeShapeSchema>;
export type Shape = z.infer<typeof shapeSchema>;
export type EditorDoc = z.infer<typeof editorDocSchema>;

export const EMPTY_DOC: EditorDoc = { shapes: [], inverted: false, canvas: null, placement: null };

let counter = 0;
/** Ids only need to be unique within one editor session and its draft. */
export function newShapeId(): string {
  counter += 1;
  return `s${Date.now().toString(36)}${counter.toString(36)}`;
}

/** The mask paints something only if some shape adds to it, or it is inverted. */
export function hasMask(doc: EditorDoc): boolean {
  return doc.inverted || doc.shapes.some((s) => s.kind === 'area' || s.mode === 'paint');
}

/** Polygons alone can go as mask.areas; strokes, erasing or inverting need the painted PNG. */
export function needsRasterMask(doc: EditorDoc): boolean {
  return doc.inverted || doc.shapes.some((s) => s.kind === 'stroke');
}
