/**
 * An `image` field of the editor (resource-config.ts): the row's current picture, or the file just chosen,
 * and a file input taking PNG, JPEG, GIF or WebP (what the server's media check accepts, docs/back-office.md
 * "Media"). The chosen file is the field's value in the machine; the save sends it in a multipart body.
 */
import { Box, Field, Image, Input, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectEditor, selectEditorBusy } from '../../../../machines/resource/resource.selectors';
import { fetchMedia } from './resource-api';
import type { FieldConfig } from './resource-config';
import { ResourceActor } from './resource-actor';
import { FieldProblems } from './resource-dialog';

const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

/** A browser URL for the chosen file, else for the stored picture at `path` (read with the session's token). */
function usePictureUrl(file: Blob | null, path: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    const controller = new AbortController();
    const show = (blob: Blob) => {
      made = URL.createObjectURL(blob);
      setUrl(made);
    };
    setUrl(null);
    if (file) show(file);
    else if (path)
      fetchMedia(path, { signal: controller.signal })
        .then(show)
        .catch(() => undefined);
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [file, path]);
  return url;
}

export function ImageField({ field, ns }: { field: FieldConfig; ns: string }) {
  const { t } = useTranslation([ns, 'admin']);
  const actor = ResourceActor.useActorRef();
  const value = ResourceActor.useSelector((s) => selectEditor(s).values[field.name]);
  const stored = ResourceActor.useSelector((s) =>
    field.preview ? selectEditor(s).values[field.preview] : undefined,
  );
  const issues = ResourceActor.useSelector((s) => selectEditor(s).fieldErrors[field.name]);
  const busy = ResourceActor.useSelector(selectEditorBusy);
  const file = value instanceof Blob ? value : null;
  const url = usePictureUrl(file, typeof stored === 'string' && stored !== '' ? stored : null);
  const invalid = issues !== undefined && issues.length > 0;
  const label = t(field.label, { ns });
  return (
    <Field.Root invalid={invalid} disabled={busy}>
      <Field.Label>{label}</Field.Label>
      <Box
        boxSize="24"
        rounded="md"
        borderWidth="1px"
        borderColor="border"
        overflow="hidden"
        display="flex"
        alignItems="center"
        justifyContent="center"
      >
        {url ? (
          <Image
            src={url}
            alt={t('admin:editor.picture', { what: label })}
            boxSize="full"
            objectFit="cover"
            data-testid={`field-preview-${field.name}`}
          />
        ) : (
          <Text fontSize="sm" color="fg.muted" textAlign="center" px="1">
            {t('admin:editor.noPicture')}
          </Text>
        )}
      </Box>
      <Input
        type="file"
        accept={IMAGE_TYPES}
        name={field.name}
        size="lg"
        pt="2"
        onChange={(event) => {
          const chosen = event.currentTarget.files?.[0];
          if (chosen) actor.send({ type: 'field.change', name: field.name, value: chosen });
        }}
        data-testid={`field-${field.name}`}
      />
      {field.hint && !invalid && <Field.HelperText>{t(field.hint, { ns })}</Field.HelperText>}
      <FieldProblems name={field.name} issues={issues} />
    </Field.Root>
  );
}
