import { useSearchParams } from 'react-router';

/** The publish forms' route parameters: `?edit={id}` and `&refused={id}`. */
export function useEditParams(): { editId: string | null; refusedId: string | null } {
  const [params] = useSearchParams();
  return { editId: params.get('edit'), refusedId: params.get('refused') };
}
