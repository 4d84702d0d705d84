import { create } from 'zustand';

// UI state shared between features (they do not import each other): which image the lightbox shows and
// which operation form is open. Only ids live here; tasks themselves stay in react-query.

/** Operations whose form the studio opens from an image (Inpaint and Edit open the editor instead). */
export type ImageOperation = 'vary-subtle' | 'vary-strong' | 'remix' | 'pan' | 'animate' | 'retexture';

export interface ImageRef {
  jobId: string;
  imageNo: number;
}

export interface OperationRequest {
  operation: ImageOperation;
  source: ImageRef;
}

interface StudioUiState {
  lightbox: ImageRef | null;
  /** The job order the lightbox steps through with the arrow keys (the gallery's current order). */
  sequence: string[];
  operation: OperationRequest | null;
  openLightbox: (ref: ImageRef, sequence?: string[]) => void;
  closeLightbox: () => void;
  openOperation: (request: OperationRequest) => void;
  closeOperation: () => void;
}

export const useStudioUi = create<StudioUiState>((set) => ({
  lightbox: null,
  sequence: [],
  operation: null,
  openLightbox: (lightbox, sequence) => set((s) => ({ lightbox, sequence: sequence ?? s.sequence })),
  closeLightbox: () => set({ lightbox: null }),
  openOperation: (operation) => set({ operation, lightbox: null }),
  closeOperation: () => set({ operation: null }),
}));
