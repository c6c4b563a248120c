import { describe, expect, it } from 'vitest';
import { translator } from '../../src-shared/i18n/catalogue';
import { LANGUAGES } from '../../src-shared/i18n/languages';
import { colourNameKey, safeColour } from '../../src-shared/plans/colours';
import { dimensionOf, formatMeasure, unitForKey, unitSystemOf } from '../../src-shared/plans/units';
import { humanise, termLabel, termLabelKey } from '../../src-shared/plans/vocabulary';

describe('plan vocabulary', () => {
  it('known room types, materials, symbols and formats in every language', () => {
    const de = translator('de-DE');
    expect(termLabel('roomType', 'hallway', de)).toBe('Flur');
    expect(termLabel('roomType', 'living_room', de)).toBe('Wohnzimmer');
    expect(termLabel('material', 'concrete', translator('pt-PT'))).toBe('Betão');
    expect(termLabel('material', 'drywall', translator('es-ES'))).toBe('Yeso laminado');
    expect(termLabel('symbol', 'door_single', translator('fr-FR'))).toBe('Porte simple');
    expect(termLabel('format', 'dxf', translator('en-US'))).toBe('DXF drawing (CAD)');
    // The service's spelling does not matter: case, separators.
    expect(termLabelKey('roomType', 'Living-Room')).toBe('vocab.room.living');
    for (const lang of LANGUAGES) {
      const t = translator(lang);
      for (const raw of ['kitchen', 'bathroom', 'bedroom', 'office', 'hallway', 'living']) {
        const label = termLabel('roomType', raw, t);
        expect(label).not.toBe(raw);
        expect(label).not.toMatch(/^vocab\./);
      }
    }
  });

  it('a value naming several known ones is labelled part by part; unknown ones are humanised', () => {
    const de = translator('de-DE');
    expect(termLabel('roomType', 'hallway/living', de)).toBe('Flur / Wohnzimmer');
    expect(termLabel('roomType', 'walk_in_pantry/hallway', de)).toBe('Walk in pantry/hallway');
    expect(termLabel('roomType', 'wineCellar', de)).toBe('Wine cellar');
    expect(termLabel('symbol', 'lamp_floor', de)).toBe('Lamp floor');
    expect(humanise('IFC')).toBe('IFC');
    expect(humanise('  ')).toBe('  ');
    expect(humanise('SAUNA_ROOM')).toBe('Sauna room');
  });
});

describe('plan colours', () => {
  it('a colour PlanDesk knows gets its name, a near one too, others none', () => {
    expect(colourNameKey('#F4E1C1')).toBe('colour.sand');
    expect(colourNameKey('#f4e1c1')).toBe('colour.sand');
    expect(colourNameKey('#F5E2C2')).toBe('colour.sand');
    expect(colourNameKey('#fff')).toBe('colour.white');
    expect(colourNameKey('#E53935')).toBe('colour.red');
    expect(colourNameKey('#5A2D82')).toBeNull();
    expect(colourNameKey('red')).toBeNull();
    expect(colourNameKey(null)).toBeNull();
    expect(translator('pt-PT')(colourNameKey('#8E7F6F')!)).toBe('Castanho-acinzentado');
  });

  it('only hex codes are painted', () => {
    expect(safeColour(' #AABBCC ')).toBe('#AABBCC');
    expect(safeColour('url(x)')).toBeNull();
    expect(safeColour('#12345')).toBeNull();
  });
});

describe('plan units', () => {
  it('the unit of a plain number comes from the plan’s system, none without one', () => {
    expect(unitSystemOf('metric')).toBe('metric');
    expect(unitSystemOf('Imperial')).toBe('imperial');
    expect(unitSystemOf('nautical')).toBeNull();
    expect(unitSystemOf(null)).toBeNull();
    expect(unitForKey('ceilingHeight', 'metric')).toBe('m');
    expect(unitForKey('walls_surface', 'imperial')).toBe('ft²');
    expect(unitForKey('volume', 'metric')).toBe('m³');
    expect(unitForKey('thickness', 'imperial')).toBe('ft');
    expect(unitForKey('dimensions.width', 'metric')).toBe('m');
    expect(unitForKey('material', 'metric')).toBeNull();
    expect(unitForKey('length', null)).toBeNull();
    expect(dimensionOf('door_count')).toBeNull();
  });

  it('measurements in the language, with two decimals (three where the figure has them)', () => {
    expect(formatMeasure(2.5, 'm', 'de-DE')).toBe('2,50\u00a0m');
    expect(formatMeasure(0.115, 'm', 'en-US')).toBe('0.115\u00a0m');
    expect(formatMeasure(1234.5, 'ft²', 'en-US')).toBe('1,234.50\u00a0ft²');
  });
});
