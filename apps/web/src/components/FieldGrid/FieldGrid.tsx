import type { ReactNode } from 'react';
import './FieldGrid.css';

/** Fields in a 12-column grid from 48em, stacked below (FieldGrid.css). */
export function FieldGrid({ children }: { children: ReactNode }) {
  return <div className="field-grid">{children}</div>;
}

/** A field's cell: `span` of 12 columns from 48em, the whole width on a phone. */
export function FieldCell({ span, children }: { span: 3 | 4 | 6 | 12; children: ReactNode }) {
  return <div data-span={span}>{children}</div>;
}

/** A form with its summary beside it from 62em, below it on narrower screens. */
export function FormWithSummary({ form, summary }: { form: ReactNode; summary: ReactNode }) {
  return (
    <div className="form-with-summary">
      <div>{form}</div>
      <div>{summary}</div>
    </div>
  );
}
