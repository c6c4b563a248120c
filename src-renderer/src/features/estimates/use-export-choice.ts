import { useCallback, useEffect, useRef, useState } from 'react';
import { BUILT_IN_PRESETS } from '../../../../src-shared/exports/presets';
import { choiceFromPreset, initialPreset, type ExportChoice } from './export-choice';
import { usePresets } from './presets-store';

/**
 * An export dialog's choice: the client quote at first, then the preset last used in the workspace
 * when the list arrives — unless the user has chosen something by then.
 */
export function useExportChoice(): [ExportChoice, (next: ExportChoice) => void] {
  const [choice, setChoice] = useState<ExportChoice>(() => choiceFromPreset(BUILT_IN_PRESETS[0]!));
  const touched = useRef(false);
  useEffect(() => {
    void usePresets
      .getState()
      .load()
      .then((list) => {
        if (list && !touched.current) setChoice(choiceFromPreset(initialPreset(list)));
      });
  }, []);
  const change = useCallback((next: ExportChoice) => {
    touched.current = true;
    setChoice(next);
  }, []);
  return [choice, change];
}
