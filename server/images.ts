/**
 * Generated placeholder pictures for universities: a calm gradient and a campus outline, seeded by
 * the id so each card differs. Served by us: no hot-linking of anyone's photos.
 */
export function universityPlaceholderSvg(id: number): string {
  const hue = (id * 47) % 360;
  const hue2 = (hue + 40) % 360;
  const towers = 3 + (id % 3);
  const width = 400;
  const height = 240;
  const step = width / (towers + 1);
  let buildings = "";
  for (let i = 1; i <= towers; i++) {
    const h = 60 + ((id * (i + 3)) % 50);
    const x = Math.round(i * step - 22);
    buildings += `<rect x="${x}" y="${height - 40 - h}" width="44" height="${h}" rx="2"/>`;
    buildings += `<polygon points="${x - 4},${height - 40 - h} ${x + 22},${height - 62 - h} ${x + 48},${height - 40 - h}"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-hidden="true">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 55% 42%)"/><stop offset="1" stop-color="hsl(${hue2} 60% 30%)"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<g fill="rgba(255,255,255,0.82)">${buildings}<rect x="0" y="${height - 40}" width="${width}" height="40" fill="rgba(255,255,255,0.25)"/></g>
</svg>`;
}
