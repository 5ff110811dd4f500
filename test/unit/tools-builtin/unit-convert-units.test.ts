import { findUnit } from '../../../tools-builtin/unit_convert/find-unit';
import { UNITS } from '../../../tools-builtin/unit_convert/units';
import unitConvert from '../../../tools-builtin/unit_convert/index';

describe('unit_convert units', () => {
  it('When every symbol is looked up, Then it finds exactly its own unit', () => {
    for (const unit of UNITS) {
      for (const symbol of unit.symbols) expect({ symbol, found: findUnit(symbol) }).toEqual({ symbol, found: { unit } });
    }
  });

  it('When every name is looked up in upper case and plural, Then it finds its own unit', () => {
    for (const unit of UNITS) {
      for (const name of unit.names) {
        expect({ name, found: findUnit(name.toUpperCase()) }).toEqual({ name, found: { unit } });
        expect({ name, found: findUnit(`${name}s`) }).toEqual({ name, found: { unit } });
      }
    }
  });

  it('When any value is converted to every unit of its kind and back, Then it returns to itself', () => {
    for (const from of UNITS) {
      for (const to of UNITS.filter((unit) => unit.category === from.category)) {
        const there = unitConvert({ value: 42.5, from: from.symbols[0], to: to.symbols[0] });
        const back = unitConvert({ value: there.value, from: to.symbols[0], to: from.symbols[0] });
        expect({ from: from.symbols[0], to: to.symbols[0], back: Number(back.value.toPrecision(12)) }).toEqual({
          from: from.symbols[0],
          to: to.symbols[0],
          back: 42.5,
        });
      }
    }
  });
});
