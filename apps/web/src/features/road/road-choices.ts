import type { AccountOption, CardOption } from '@guard-tour/contract';
import type { TransferChoice } from './ordered-transfer';

/** An account as the transfer list shows it: 张伟(zhangwei), or the account alone when it has no name. */
export function accountTitle(account: Pick<AccountOption, 'true_name' | 'user_name'>): string {
  const name = account.true_name?.trim();
  return name ? `${name}(${account.user_name})` : account.user_name;
}

/** A point as the transfer list shows it: 东门(0001A2B3), or the card number alone when it has no name. */
export function cardTitle(card: Pick<CardOption, 'patrol_name' | 'patrol_sn'>): string {
  const name = card.patrol_name?.trim();
  return name ? `${name}(${card.patrol_sn})` : card.patrol_sn;
}

/**
 * The choices of a transfer list: the organisation's options, plus anything already bound that the
 * options lack (so a bound account or point never silently drops out of an edited road).
 */
export function mergeChoices(options: TransferChoice[], bound: TransferChoice[]): TransferChoice[] {
  const known = new Set(options.map((choice) => choice.key));
  return [...options, ...bound.filter((choice) => !known.has(choice.key))];
}

export function accountChoices(options: AccountOption[], bound: AccountOption[] = []): TransferChoice[] {
  const toChoice = (account: AccountOption) => ({ key: account.user_id, title: accountTitle(account) });
  return mergeChoices(options.map(toChoice), bound.map(toChoice));
}

export function cardChoices(options: CardOption[], bound: CardOption[] = []): TransferChoice[] {
  const toChoice = (card: CardOption) => ({ key: card.patrol_id, title: cardTitle(card) });
  return mergeChoices(options.map(toChoice), bound.map(toChoice));
}

/** The chosen points' names in walking order, comma-joined (SaveRoadInfoNew's patrol_card_names). */
export function chosenNames(choices: CardOption[], ids: number[]): string {
  return ids
    .map((id) => choices.find((card) => card.patrol_id === id))
    .filter((card): card is CardOption => card !== undefined)
    .map((card) => card.patrol_name?.trim() || card.patrol_sn)
    .join(',');
}
