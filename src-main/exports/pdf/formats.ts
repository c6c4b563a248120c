import type { UiLanguage } from '../../../src-shared/i18n/languages';
import { Decimal } from '../../../src-shared/money/decimal';
import { unitsText } from '../../../src-shared/money/amounts';
import { MoneyFormat, QuantityFormat, RateFormat } from '../formats';

/** The number formats of one document: its language and its currency. */
export interface Formats {
  money: MoneyFormat;
  quantity: QuantityFormat;
  rate: RateFormat;
}

export function documentFormats(language: UiLanguage, currency: string | null | undefined): Formats {
  return {
    money: new MoneyFormat(language, currency),
    quantity: new QuantityFormat(language),
    rate: new RateFormat(language),
  };
}

/** An exact sum in units of 10^-scale as money text. */
export function moneyOfUnits(formats: Formats, units: bigint | null, scale: number): string {
  return units === null ? '' : formats.money.format(Decimal.parse(unitsText(units, scale)));
}
