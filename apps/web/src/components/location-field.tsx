import { useId } from 'react';
import { TextField, type TextFieldProps } from './form-field';

/**
 * A shelf or bin code, typed or scanned from the shelf's label (decision 053): upper case, no spell
 * check, and the warehouse's own codes offered as the staff member types.
 */
export function LocationField({ codes, ...props }: TextFieldProps & { codes: readonly string[] }) {
  const listId = useId();
  return (
    <>
      <TextField
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        className="font-mono uppercase placeholder:font-sans placeholder:normal-case"
        list={codes.length > 0 ? listId : undefined}
        {...props}
      />
      {codes.length > 0 && (
        <datalist id={listId}>
          {codes.map((code) => (
            <option key={code} value={code} />
          ))}
        </datalist>
      )}
    </>
  );
}
