import { type ChangeEvent, type FormEvent, useState } from 'react';
import type { z } from 'zod';
import { errorMessage } from './api-errors';

/**
 * A form of one text field that a contracts schema checks before `save` sends it (a staff note, a package's
 * new shelf). The schema's first message, or the API's refusal, shows under the field until it is edited;
 * a save that resolves empties the field. Spread `field` on the field and give `submit` to the form.
 */
export function useOneFieldForm<T>(check: (value: string) => z.ZodSafeParseResult<T>, save: (data: T) => Promise<unknown>) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = check(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      await save(parsed.data);
      setValue('');
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setValue(event.target.value);
    setError(undefined);
  };

  return { field: { value, error, onChange }, submit };
}
