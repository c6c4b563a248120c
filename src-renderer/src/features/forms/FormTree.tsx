import { useState } from 'react';
import { insertElement, newElement } from '../../../../src-shared/forms/edit';
import { childrenOf, elementAt, type NodePath } from '../../../../src-shared/forms/tree';
import type { JsonObject } from '../../../../src-shared/json/exact-json';
import { Button } from '../../components/Button';
import { useT } from '../../i18n/store';
import { ElementList, nodeKey, type FocusRequest } from './FormNode';
import { useForms } from './store';

/**
 * The form's sections and questions as a tree the user can change: add, remove, reorder, and nest
 * (into the section above, or out of the one it is in). Every change is a patch of the document.
 */
export function FormTree({
  document,
  fieldErrors,
  readOnly,
}: {
  document: JsonObject;
  fieldErrors: Record<string, string>;
  readOnly: boolean;
}) {
  const t = useT();
  const [focus, setFocus] = useState<FocusRequest | null>(null);
  const children = childrenOf(document) ?? [];

  const add = (parent: NodePath, kind: 'section' | 'question') => {
    const siblings =
      parent.length === 0 ? children.length : (childrenOf(elementAt(document, parent))?.length ?? 0);
    const label = kind === 'section' ? t('forms.newSection') : t('forms.newQuestion');
    useForms.getState().edit((d) => insertElement(d, parent, siblings, newElement(kind, label)), [], true);
    setFocus({ path: nodeKey([...parent, siblings]), control: 'label' });
  };

  return (
    <div className="form-tree" data-testid="form-tree">
      <h3 className="form-tree-title">{t('forms.structure')}</h3>
      {fieldErrors.children && (
        <div className="field-error" data-testid="field-error-form-children">
          {fieldErrors.children}
        </div>
      )}
      {children.length === 0 ? (
        <p className="form-tree-empty">{t('forms.noElements')}</p>
      ) : (
        <ElementList
          elements={children}
          parent={[]}
          role="tree"
          label={t('forms.structure')}
          fieldErrors={fieldErrors}
          readOnly={readOnly}
          focus={focus}
          setFocus={setFocus}
          add={add}
        />
      )}
      {!readOnly && (
        <div className="form-tree-add">
          <Button
            size="sm"
            className="btn-plus"
            onClick={() => add([], 'section')}
            data-testid="form-add-section"
          >
            {t('forms.addSection')}
          </Button>
          <Button
            size="sm"
            className="btn-plus"
            onClick={() => add([], 'question')}
            data-testid="form-add-question"
          >
            {t('forms.addQuestion')}
          </Button>
        </div>
      )}
    </div>
  );
}
