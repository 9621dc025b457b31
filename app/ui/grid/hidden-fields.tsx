/** Hidden inputs that carry query parameters through a GET form (a GET submit replaces the whole query). */
export function HiddenFields({ params, omit }: { params: URLSearchParams; omit?: (key: string) => boolean }) {
  return (
    <>
      {[...params].filter(([key]) => !omit?.(key)).map(([key, value], i) => (
        <input key={`${key}-${i}`} type="hidden" name={key} value={value} />
      ))}
    </>
  )
}
