import type { EstimateView, EstimateViewText } from './types';

/** The view main sent as JSON text (EstimateViewText), with where it came from. */
export function parseEstimateView(text: EstimateViewText): EstimateView {
  const view = JSON.parse(text.viewJson) as Omit<EstimateView, 'source' | 'fetchedAt'>;
  return { ...view, source: text.source, fetchedAt: text.fetchedAt };
}
