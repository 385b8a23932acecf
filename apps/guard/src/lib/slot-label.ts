/** What a round of today's list says of its slot. */
interface ListedRound {
  road_id: number;
  slot_no: number;
}

/**
 * ` 第N时段` for a round of a road walked in several slots a day, '' for a road's only round. The list holds the
 * rounds still to end today, so the evening's last slot may be listed alone: a slot after the first is one of
 * several all the same.
 */
export function slotLabel(rounds: readonly ListedRound[], round: ListedRound): string {
  const several = round.slot_no > 1 || rounds.some((other) => other !== round && other.road_id === round.road_id);
  return several ? ` 第${round.slot_no}时段` : '';
}
