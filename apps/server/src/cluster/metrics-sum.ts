import { AggregatorRegistry } from 'prom-client';

/**
 * The metrics of a server's workers as one text (each worker's `AppMetrics.values()`): counters and histograms
 * summed, each metric as its `aggregator` says.
 */
export async function addUpMetrics(values: object[][][]): Promise<string> {
  return AggregatorRegistry.aggregate(values.flat(1)).metrics();
}
