{{/* Names ---------------------------------------------------------------------------------- */}}
{{- define "luxe.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "luxe.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 40 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 40 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 40 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* The deployables, in a fixed order: the gateway (it also serves the web client) and the services. */}}
{{- define "luxe.services" -}}identity venues bookings social messaging payments admin{{- end -}}
{{- define "luxe.deployables" -}}gateway {{ include "luxe.services" . }}{{- end -}}

{{/* Labels ---------------------------------------------------------------------------------- */}}
{{- define "luxe.selectorLabels" -}}
{{- $root := index . 0 -}}
app.kubernetes.io/name: {{ include "luxe.name" $root }}
app.kubernetes.io/instance: {{ $root.Release.Name }}
app.kubernetes.io/component: {{ index . 1 }}
{{- end -}}

{{- define "luxe.labels" -}}
{{- $root := index . 0 -}}
{{ include "luxe.selectorLabels" . }}
app.kubernetes.io/part-of: luxeswipe
app.kubernetes.io/version: {{ $root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ $root.Release.Service }}
helm.sh/chart: {{ printf "%s-%s" $root.Chart.Name $root.Chart.Version | replace "+" "_" }}
{{- end -}}

{{/* Every pod of the release (for the default-deny policy). */}}
{{- define "luxe.instanceSelector" -}}
app.kubernetes.io/name: {{ include "luxe.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{/* Labels naming the infrastructure a pod may reach: the dev infrastructure admits these pods only. */}}
{{- define "luxe.clientLabels" -}}
{{- range $k := . }}
luxe.dev/client-{{ $k }}: "true"
{{- end }}
{{- end -}}

{{/* Values ---------------------------------------------------------------------------------- */}}
{{/* One deployable's settings: .Values.defaults overridden by .Values.components.<name>. */}}
{{- define "luxe.component" -}}
{{- $root := index . 0 -}}
{{- $name := index . 1 -}}
{{- $own := index $root.Values.components $name | default dict -}}
{{- toYaml (mergeOverwrite (deepCopy $root.Values.defaults) (deepCopy $own)) -}}
{{- end -}}

{{/* What infrastructure a deployable reaches, as a list: postgres kafka redis s3 stripe. */}}
{{- define "luxe.uses" -}}
{{- $root := index . 0 -}}
{{- $name := index . 1 -}}
{{- $c := include "luxe.component" . | fromYaml -}}
{{- $uses := list -}}
{{- if eq $name "gateway" -}}
{{- $uses = list "redis" "kafka" -}}
{{- else -}}
{{- $uses = list "postgres" "kafka" -}}
{{- if $c.redis }}{{ $uses = append $uses "redis" }}{{ end -}}
{{- if $c.storage }}{{ $uses = append $uses "s3" }}{{ end -}}
{{- if $c.stripe }}{{ $uses = append $uses "stripe" }}{{ end -}}
{{- end -}}
{{- toJson $uses -}}
{{- end -}}

{{- /* (list $root $override $deployable): <image.repository>/<deployable>:<tag> (infra/docker/Dockerfile
  builds one image per deployable: gateway, each service, and jobs for the hooks), unless overridden. */}}
{{- define "luxe.image" -}}
{{- $root := index . 0 -}}
{{- $override := index . 1 | default dict -}}
{{- $repo := $override.repository | default (printf "%s/%s" $root.Values.image.repository (index . 2)) -}}
{{- $tag := $override.tag | default $root.Values.image.tag | default $root.Chart.AppVersion -}}
{{- printf "%s:%s" $repo (toString $tag) -}}
{{- end -}}

{{- define "luxe.secretName" -}}
{{- if .Values.secrets.create -}}
{{- printf "%s-secrets" (include "luxe.fullname" .) -}}
{{- else -}}
{{- required "secrets.existingSecret: name the Secret holding the credentials (see values.yaml), or set secrets.create=true (dev)" .Values.secrets.existingSecret -}}
{{- end -}}
{{- end -}}

{{- define "luxe.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "luxe.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/* Infrastructure addresses: the in-cluster dev stand-ins when enabled, else the external values. */}}
{{- define "luxe.kafkaBrokers" -}}
{{- if .Values.devInfra.enabled -}}
{{- printf "%s-kafka:9092" (include "luxe.fullname" .) -}}
{{- else -}}
{{- required "kafka.brokers is required (host:port list of the managed Kafka)" .Values.kafka.brokers -}}
{{- end -}}
{{- end -}}

{{- define "luxe.s3Endpoint" -}}
{{- if .Values.devInfra.enabled -}}
{{- printf "http://%s-minio:9000" (include "luxe.fullname" .) -}}
{{- else -}}
{{- required "s3.endpoint is required (URL of the S3-compatible storage)" .Values.s3.endpoint -}}
{{- end -}}
{{- end -}}

{{- define "luxe.stripeApiBase" -}}
{{- if and .Values.devInfra.enabled .Values.devInfra.stripeMock.enabled -}}
{{- printf "http://%s-stripe-mock:12111" (include "luxe.fullname" .) -}}
{{- else -}}
{{- .Values.stripe.apiBase -}}
{{- end -}}
{{- end -}}

{{/* The origin browsers upload photos to (gateway CSP), from the public (or only) S3 endpoint. */}}
{{- define "luxe.storagePublicOrigin" -}}
{{- $u := .Values.s3.publicEndpoint -}}
{{- if and (not $u) (not .Values.devInfra.enabled) -}}{{- $u = .Values.s3.endpoint -}}{{- end -}}
{{- if $u -}}
{{- $p := urlParse $u -}}
{{- printf "%s://%s" $p.scheme $p.host -}}
{{- end -}}
{{- end -}}

{{/* env entries reading one key of the Secret. */}}
{{- define "luxe.secretEnv" -}}
{{- $root := index . 0 -}}
{{- $var := index . 1 -}}
{{- $key := index . 2 -}}
{{- $optional := index . 3 -}}
- name: {{ $var }}
  valueFrom:
    secretKeyRef:
      name: {{ include "luxe.secretName" $root }}
      key: {{ $key }}
      {{- if $optional }}
      optional: true
      {{- end }}
{{- end -}}

{{- define "luxe.podSecurity" -}}
securityContext:
  {{- toYaml .Values.podSecurityContext | nindent 2 }}
{{- end -}}

{{/* Hook annotations of the migration and topic Jobs. */}}
{{- define "luxe.hookAnnotations" -}}
{{- $root := index . 0 -}}
helm.sh/hook: {{ $root.Values.hooks.phases | quote }}
helm.sh/hook-weight: {{ index . 1 | quote }}
helm.sh/hook-delete-policy: before-hook-creation,hook-succeeded
{{- end -}}
